import { spawn } from 'node:child_process';
import { FakeModelServer } from '@weft/testkit';
import { describe, expect, test } from 'vitest';
import { LineSplitter } from '../rpc/line-splitter.js';
import { SUBAGENT_TOOLS } from '../runtime/tool-presets.js';
import { TOOL_NAMES } from './coding-task.test-support.js';
import {
  connect,
  createSandbox,
  runWeft,
  type Sandbox,
  type TestProvider,
  WEFT_BIN,
} from './weft-process.test-support.js';

const answer = { content: [{ type: 'text' as const, text: 'ok' }] };

/** One print-mode run against a server answering "ok"; returns the run and the request weft sent. */
async function oneRequest(
  args: string[],
  setup: (sandbox: Sandbox, server: FakeModelServer) => void = () => {},
  provider: TestProvider = 'anthropic',
) {
  const sandbox = createSandbox();
  const server = await FakeModelServer.start({ turns: [answer] });
  connect(sandbox, provider, server);
  setup(sandbox, server);
  try {
    const run = await runWeft(['-p', 'hi', ...args], { env: sandbox.env, cwd: sandbox.project });
    return { run, request: server.requests[0], sandbox };
  } finally {
    await server.close();
    sandbox.remove();
  }
}

describe.concurrent('configuration', () => {
  test('tool presets: readonly offers nothing that writes or runs; minimal reads, writes and runs', async () => {
    const readonly = await oneRequest(['--tools', 'readonly']);
    expect(readonly.run.code).toBe(0);
    expect(readonly.request?.view.tools).toEqual(['Read', 'Grep', 'Glob', 'TodoWrite']);
    const minimal = await oneRequest(['--tools', 'minimal']);
    expect(minimal.request?.view.tools).toEqual(['Read', 'Write', 'Edit', 'Bash', 'TaskOutput', 'TaskStop']);
    const full = await oneRequest([]);
    expect(full.request?.view.tools).toEqual(expect.arrayContaining(['Write', 'Bash']));
    expect(full.request?.view.tools.some((name) => SUBAGENT_TOOLS.includes(name))).toBe(true);
  });

  test('allowed tools from the settings, or --allowed-tools, keep only the tools named', async () => {
    const fromSettings = await oneRequest([], (sandbox) =>
      sandbox.userSettings({ allowedTools: ['Read', 'Grep'] }),
    );
    expect(fromSettings.request?.view.tools).toEqual(['Read', 'Grep']);
    const fromFlag = await oneRequest(['--allowed-tools', 'read_file,shell_command'], () => {}, 'openai');
    expect(fromFlag.request?.view.tools).toEqual(['shell_command', 'read_file']);
  });

  test('--system-prompt-append goes at the end of the system prompt', async () => {
    const { request } = await oneRequest(['--system-prompt-append', 'Always answer in French.']);
    expect(request?.view.system.trimEnd().endsWith('Always answer in French.')).toBe(true);
  });

  test('--effort reaches the request (OpenAI: reasoning.effort)', async () => {
    const { request } = await oneRequest(
      ['--effort', 'high', '--model', 'openai/gpt-5.4'],
      () => {},
      'openai',
    );
    expect(request?.body.reasoning).toMatchObject({ effort: 'high' });
  });

  test('the project settings win over the user settings, and the command line over both', async () => {
    const settings = (sandbox: Sandbox) => {
      sandbox.userSettings({ model: 'anthropic/claude-haiku-5-5', effort: 'low' });
      sandbox.projectSettings({ model: 'anthropic/claude-opus-5-5' });
    };
    const fromProject = await oneRequest([], settings);
    expect(fromProject.request?.model).toBe('claude-opus-5-5');
    const fromFlag = await oneRequest(['--model', 'claude-sonnet-5-5'], settings);
    expect(fromFlag.request?.model).toBe('claude-sonnet-5-5');
  });

  test('the settings choose the provider when several keys are set', async () => {
    const { request } = await oneRequest(
      [],
      (sandbox, server) => {
        connect(sandbox, 'anthropic', server);
        sandbox.projectSettings({ provider: 'openai' });
      },
      'openai',
    );
    expect(request?.protocol).toBe('openai-responses');
    expect(request?.model).toBe('gpt-5.4');
  });

  test('an unknown settings key is a warning, not an error', async () => {
    const { run } = await oneRequest([], (sandbox) => sandbox.userSettings({ colour: 'teal' }));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^weft: warning: .*settings\.json: unknown settings key "colour" ignored/);
  });
});

describe('interruption', () => {
  test('Ctrl-C (SIGINT) in print mode stops the run, still writes the result, and exits 130', async () => {
    const sandbox = createSandbox();
    const server = await FakeModelServer.start({
      turns: [
        {
          content: [
            { type: 'tool_call', name: TOOL_NAMES.anthropic.run, arguments: { command: 'sleep 30' } },
          ],
        },
      ],
    });
    const model = connect(sandbox, 'anthropic', server);
    try {
      const child = spawn(
        process.execPath,
        [WEFT_BIN, '-p', 'Run the long job.', '--model', model, '--output', 'stream-json'],
        {
          cwd: sandbox.project,
          env: sandbox.env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const lines: Record<string, unknown>[] = [];
      const splitter = new LineSplitter();
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of splitter.push(chunk)) {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          lines.push(parsed);
          if (parsed.kind === 'tool_call_start') child.kill('SIGINT');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(130);
      expect(lines.at(-1)).toMatchObject({ type: 'result', stopReason: 'aborted', exitCode: 130 });
      expect(lines.some((line) => line.kind === 'session_end')).toBe(true);
    } finally {
      await server.close();
      sandbox.remove();
    }
  });
});
