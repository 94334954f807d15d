import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTempDir, FakeModelServer, type ScriptedTurn, type TempDir } from '@weft/testkit';
import { TmuxTerminal } from './tmux-terminal.js';

const CLI_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const HARNESS = fileURLToPath(new URL('./interactive-harness.ts', import.meta.url));
const TSX = `${REPO_ROOT}node_modules/.bin/tsx`;
const BINARY = `${CLI_ROOT}bin/weft.js`;
const BUILT_ENTRY = `${CLI_ROOT}dist/cli/weft.js`;

/**
 * How the interactive mode is started: `harness` runs runInteractive on the real runtime from
 * source (tsx); `binary` runs the built `weft` command.
 */
export type Launcher = 'harness' | 'binary';

export function binaryBuilt(): boolean {
  return existsSync(BUILT_ENTRY);
}

export interface InteractiveRun {
  term: TmuxTerminal;
  server: FakeModelServer;
  /** The project folder weft runs in. */
  project: TempDir;
  home: TempDir;
  close(): Promise<void>;
}

export interface StartOptions {
  launcher: Launcher;
  /** The model's turns, in order; a function gets the project folder's path (for tools' paths). */
  turns?: ScriptedTurn[] | ((project: string) => ScriptedTurn[]);
  /** Extra environment (NO_COLOR, say). */
  env?: Record<string, string>;
  /** Extra command-line arguments. */
  args?: string[];
  cols?: number;
  rows?: number;
}

/**
 * weft's interactive mode in a real pseudo-terminal (tmux), against the fake model server (the
 * Anthropic protocol, through ANTHROPIC_BASE_URL), with a temporary HOME, XDG folders and
 * project folder. Waits for the status line, so the UI is up when this resolves.
 */
export async function startInteractive(options: StartOptions): Promise<InteractiveRun> {
  const home = createTempDir('weft-pty-home-');
  const project = createTempDir('weft-pty-project-');
  const turns = typeof options.turns === 'function' ? options.turns(project.path) : (options.turns ?? []);
  const server = await FakeModelServer.start({ turns });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home.path,
    XDG_CONFIG_HOME: home.join('config'),
    XDG_DATA_HOME: home.join('data'),
    LANG: 'C.UTF-8',
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: server.baseUrls.anthropic,
    ...options.env,
  };
  const args = ['--cwd', project.path, ...(options.args ?? [])];
  const command =
    options.launcher === 'harness'
      ? [TSX, '--tsconfig', `${CLI_ROOT}tsconfig.json`, HARNESS, ...args]
      : [process.execPath, BINARY, ...args];
  const term = TmuxTerminal.start({
    command,
    cwd: CLI_ROOT,
    env,
    ...(options.cols ? { cols: options.cols } : {}),
    ...(options.rows ? { rows: options.rows } : {}),
  });
  const run: InteractiveRun = {
    term,
    server,
    project,
    home,
    close: async () => {
      term.close();
      await server.close();
      project.remove();
      home.remove();
    },
  };
  try {
    await term.waitFor('effort', { timeoutMs: 30_000 });
  } catch (error) {
    await run.close();
    throw error;
  }
  return run;
}

/** The screen's rows (the capture's lines, the last empty ones dropped). */
export function rows(screen: string): string[] {
  const lines = screen.split('\n');
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  return lines;
}
