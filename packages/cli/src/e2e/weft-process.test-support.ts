import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTempDir, type FakeModelServer, type TempDir } from '@weft/testkit';

/** The built command, run as users run it. */
export const WEFT_BIN = fileURLToPath(new URL('../../bin/weft.js', import.meta.url));

/** The four ways weft reaches a model: three built-in providers and an OpenAI-compatible one from the settings. */
export type TestProvider = 'anthropic' | 'openai' | 'gemini' | 'compatible';
export const TEST_PROVIDERS: readonly TestProvider[] = ['anthropic', 'openai', 'gemini', 'compatible'];

/** A model per provider that the catalog knows (and the SDKs do not warn about). */
export const TEST_MODELS: Readonly<Record<TestProvider, string>> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4',
  gemini: 'gemini-2.5-flash',
  compatible: 'qwen-test',
};

/**
 * A sandbox for one weft run: a temp HOME with XDG folders inside it (so the developer's settings
 * and sessions are never read or written), a project folder, and the environment weft gets:
 * nothing from this process's provider variables, only what the test sets.
 */
export interface Sandbox {
  dir: TempDir;
  home: string;
  project: string;
  env: NodeJS.ProcessEnv;
  /** Writes a file in the project (folders created). */
  write(relative: string, content: string): string;
  /** Writes the user-level settings.json. */
  userSettings(settings: unknown): void;
  /** Writes the project's .weft/settings.json. */
  projectSettings(settings: unknown): void;
  remove(): void;
}

const PROVIDER_VARIABLES = /^(ANTHROPIC|OPENAI|GEMINI|GOOGLE)_|^XDG_/;

export function createSandbox(): Sandbox {
  const dir = createTempDir('weft-cli-');
  const home = dir.join('home');
  const project = dir.join('project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !PROVIDER_VARIABLES.test(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOME: home,
    XDG_CONFIG_HOME: dir.join('home', '.config'),
    XDG_DATA_HOME: dir.join('home', '.local', 'share'),
    NO_COLOR: '1',
  };
  const writeJson = (path: string, value: unknown) => {
    mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    writeFileSync(path, JSON.stringify(value, null, 2));
  };
  return {
    dir,
    home,
    project,
    env,
    write(relative, content) {
      const path = dir.join('project', relative);
      mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
      writeFileSync(path, content);
      return path;
    },
    userSettings: (settings) => writeJson(dir.join('home', '.config', 'weft', 'settings.json'), settings),
    projectSettings: (settings) => writeJson(dir.join('project', '.weft', 'settings.json'), settings),
    remove: () => dir.remove(),
  };
}

/**
 * Points `sandbox` at `server` for `provider`: its key and base URL in the environment, or, for
 * the OpenAI-compatible provider, a `providers` entry in the user settings. Returns the
 * `provider/model` spec to pass as --model.
 */
export function connect(sandbox: Sandbox, provider: TestProvider, server: FakeModelServer): string {
  switch (provider) {
    case 'anthropic':
      sandbox.env.ANTHROPIC_API_KEY = 'test-key';
      sandbox.env.ANTHROPIC_BASE_URL = server.baseUrls.anthropic;
      break;
    case 'openai':
      sandbox.env.OPENAI_API_KEY = 'test-key';
      sandbox.env.OPENAI_BASE_URL = server.baseUrls.openai;
      break;
    case 'gemini':
      sandbox.env.GEMINI_API_KEY = 'test-key';
      sandbox.env.GEMINI_BASE_URL = server.baseUrls.gemini;
      break;
    case 'compatible':
      sandbox.env.LOCAL_LLM_KEY = 'test-key';
      sandbox.userSettings({
        providers: { local: { baseUrl: server.baseUrls.openai, apiKeyEnv: 'LOCAL_LLM_KEY' } },
      });
      return `local/${TEST_MODELS.compatible}`;
  }
  return `${provider}/${TEST_MODELS[provider]}`;
}

export interface WeftRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout's lines parsed as JSON (stream-json and rpc modes). */
  lines(): Record<string, unknown>[];
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  /** The process's working directory (weft's project unless --cwd says otherwise). */
  cwd: string;
  /** Written to stdin, which is then closed (default: closed at once). */
  stdin?: string;
  /** Killed after this long (a hung run fails its test instead of the suite). Default 20 000 ms. */
  timeoutMs?: number;
}

/** Runs the built weft with `args` to its end. */
export function runWeft(args: readonly string[], options: RunOptions): Promise<WeftRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WEFT_BIN, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        lines: () =>
          stdout
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as Record<string, unknown>),
      });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** A catalog entry giving `id` Sonnet-like prices (USD per million tokens). */
export function pricedModel(id: string, provider = 'anthropic') {
  return {
    id,
    provider,
    displayName: 'Test model',
    contextWindow: 200_000,
    capabilities: { tools: true, vision: true, reasoning: true },
    prices: { input: 3, output: 15 },
    aliases: [],
  };
}
