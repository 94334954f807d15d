import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  errorResult,
  executeTool,
  resultText,
  type ToolContext,
  type ToolResult,
  type ToolUpdate,
} from '@weft/agent-core';
import { LocalExecutionEnvironment, type LocalExecutionEnvironmentOptions } from '@weft/env-local';
import { createTempDir, type TempDir } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTool, type ShellToolDetails, type ShellToolOptions, shellTool } from './shell-tool.js';

let dir: TempDir;
let envs: LocalExecutionEnvironment[];

beforeEach(() => {
  dir = createTempDir('weft-shell-');
  envs = [];
  acknowledgedLines = 0;
});

afterEach(async () => {
  for (const env of envs) await env.cleanup();
  dir.remove();
});

function environment(options: Partial<LocalExecutionEnvironmentOptions> = {}): LocalExecutionEnvironment {
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, ...options });
  envs.push(env);
  return env;
}

interface Call {
  result: ToolResult<ShellToolDetails>;
  text: string;
  details: ShellToolDetails;
  updates: ToolUpdate[];
}

/** Calls the shell tool through executeTool, as the agent loop does. */
async function shell(
  args: unknown,
  setup: {
    tool?: ShellToolOptions;
    env?: LocalExecutionEnvironment;
    signal?: AbortSignal;
    onUpdate?: (update: ToolUpdate) => void;
    commandTimeouts?: { defaultMs: number; maxMs: number };
  } = {},
): Promise<Call> {
  const updates: ToolUpdate[] = [];
  const context: ToolContext = {
    env: setup.env ?? environment(),
    signal: setup.signal ?? new AbortController().signal,
    toolCallId: 'call_1',
    ...(setup.commandTimeouts ? { commandTimeouts: setup.commandTimeouts } : {}),
    onUpdate: (update) => {
      updates.push(update);
      setup.onUpdate?.(update);
    },
  };
  const tool = setup.tool ? createShellTool(setup.tool) : shellTool;
  const result = (await executeTool(tool, args, context)) as ToolResult<ShellToolDetails>;
  return { result, text: resultText(result), details: result.details as ShellToolDetails, updates };
}

/**
 * Two pipes have no order between them. These commands echo each item and then wait until the
 * test has seen it (the listener below creates `.ack-<n>` per line received), so the order of
 * writing is the order of arrival even on a busy machine.
 */
function acknowledged(echoes: readonly string[]): string {
  return echoes
    .map((echo, index) => `echo ${echo}; until [ -e .ack-${index} ]; do sleep 0.01; done`)
    .join('; ');
}
let acknowledgedLines = 0;
function acknowledge(update: ToolUpdate): void {
  for (const char of update.text)
    if (char === '\n') writeFileSync(dir.join(`.ack-${acknowledgedLines++}`), '');
}

/** Running (non-zombie) processes of a process group, from /proc. */
function runningInGroup(pgid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') found.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

// Seed 004 §J.2: the 21 bash cases, against LocalExecutionEnvironment and real processes.
describe('shell (seed 004 §J.2)', () => {
  describe('1. basic execution', () => {
    it('1.1 simple command: echo hello prints "hello\\n" with no truncation details', async () => {
      const call = await shell({ command: 'echo hello' });
      expect(call.text).toBe('hello\n');
      expect(call.result.isError).toBeUndefined();
      expect(call.details).toMatchObject({ exitCode: 0, timedOut: false, aborted: false });
      expect(call.details.truncation).toBeUndefined();
      expect(call.details.fullOutputPath).toBeUndefined();
    });

    it('1.2 exit code: exit 1 is an error result saying "Command exited with code 1"', async () => {
      const call = await shell({ command: 'echo partial; exit 1' });
      expect(call.result.isError).toBe(true);
      expect(call.text).toBe('partial\n\nCommand exited with code 1');
      expect(call.details.exitCode).toBe(1);
    });

    it('1.3 command prefix: commandPrefix "export TEST_VAR=hello" makes echo $TEST_VAR print hello', async () => {
      const call = await shell(
        { command: 'echo $TEST_VAR' },
        { tool: { commandPrefix: 'export TEST_VAR=hello' } },
      );
      expect(call.text).toBe('hello\n');
    });

    it('1.4 prefix and command output are both returned', async () => {
      const call = await shell(
        { command: 'echo command_output' },
        { tool: { commandPrefix: 'echo prefix_output' } },
      );
      expect(call.text).toBe('prefix_output\ncommand_output\n');
    });
  });

  describe('2. error handling', () => {
    it('2.1 timeout: sleep 5 with timeout_ms 1000 says it timed out after 1000ms and how to retry', async () => {
      const call = await shell({ command: 'echo started; sleep 5', timeout_ms: 1000 });
      expect(call.result.isError).toBe(true);
      expect(call.text).toBe(
        'started\n\n[ERROR: Command timed out after 1000ms. Partial output is shown above. You can retry with a longer timeout by setting the timeout_ms parameter.]',
      );
      expect(call.details).toMatchObject({ timedOut: true, timeoutMs: 1000, exitCode: null });
    });

    it('2.2 missing working directory: an error naming the directory, nothing run', async () => {
      const env = environment({ workingDirectory: '/this/directory/does/not/exist' });
      const call = await shell({ command: 'echo test' }, { env });
      expect(call.result.isError).toBe(true);
      expect(call.text).toBe('Working directory does not exist: /this/directory/does/not/exist');
    });

    it('2.3 spawn failure: a shell that does not exist gives an ENOENT error', async () => {
      const env = environment({ shellPath: '/no/such/shell' });
      const call = await shell({ command: 'echo test' }, { env });
      expect(call.result.isError).toBe(true);
      expect(call.text).toContain('Could not start the shell /no/such/shell');
      expect(call.text).toContain('ENOENT');
    });
  });

  describe('3. output management', () => {
    it('3.1 large output: only the most recent part is kept and the model sees its tail', async () => {
      // 200,000 lines, about 1.3 MB: far past the 100 KiB in-memory window.
      const call = await shell({ command: 'seq 1 200000' });
      expect(call.details.totalLines).toBe(200_000);
      expect(call.text.startsWith('198001\n')).toBe(true);
      expect(call.text).toContain(
        '199999\n200000\n\n[Showing lines 198001-200000 of 200000 (198000 earlier lines omitted).',
      );
      expect(call.details.truncation).toMatchObject({
        truncatedBy: 'lines',
        outputLines: 2000,
        startLine: 198_001,
      });
      expect(Buffer.byteLength(call.text)).toBeLessThan(50 * 1024 + 500);
    });

    it('J.8 4.2 a size-cut notice gives the real output size and the limit that cut it', async () => {
      // About 80 KB in 800 lines: under the 2000-line limit, over the 50 KB one.
      const call = await shell({ command: 'for i in $(seq 1 800); do printf "%099d\\n" $i; done' });
      expect(call.details.truncation?.truncatedBy).toBe('bytes');
      expect(call.text).toMatch(
        /\[Showing lines \d+-800 of 800 \(\d+ earlier lines omitted; the output was 78\.1KB, over the 50\.0KB limit\)\. Full output: /,
      );
    });

    it('3.2 temp file: past 50 KB the whole output is saved and the notice gives its path', async () => {
      const call = await shell({
        command: 'for i in $(seq 1 3000); do echo "line $i of a long build log"; done',
      });
      const path = call.details.fullOutputPath!;
      expect(call.text).toContain(`Full output: ${path}]`);
      expect(call.details.truncation?.fullOutputPath).toBe(path);
      const full = readFileSync(path, 'utf8').split('\n');
      expect(full[0]).toBe('line 1 of a long build log');
      expect(full[2999]).toBe('line 3000 of a long build log');
      expect(full).toHaveLength(3001);
    });

    it('3.3 stdout and stderr are both captured, in the order they were written', async () => {
      const call = await shell(
        { command: acknowledged(['out', 'err >&2', 'out2']) },
        { onUpdate: acknowledge },
      );
      expect(call.text).toBe('out\nerr\nout2\n');
    });

    it('3.4 multi-byte UTF-8 at the cut: the kept tail starts on a whole character', async () => {
      // One line of 30,000 Chinese characters (90,000 bytes): the 50 KB cut falls inside it.
      const call = await shell({ command: 'python3 -c "print(\'中\' * 30000)"' });
      expect(call.text.includes('\uFFFD')).toBe(false);
      expect(call.details.truncation).toMatchObject({ lastLinePartial: true, outputBytes: 50 * 1024 - 1 }); // 17,066 characters and the final newline
      expect(call.text.startsWith('中中中')).toBe(true);
      expect(call.text).toContain('[Showing the last 50.0KB of line 1, which is longer than 50.0KB.');
    });
  });

  describe('4. process management', () => {
    it('4.1 process tree: on timeout the shell and its children are all killed', async () => {
      const call = await shell({ command: 'echo $$; bash -c "sleep 100 & sleep 100"', timeout_ms: 500 });
      expect(call.details.timedOut).toBe(true);
      expect(runningInGroup(Number(call.text.split('\n')[0]))).toEqual([]);
    });

    it('4.2 pipes: yes | head -5 ends normally; SIGPIPE in the pipeline is not an error', async () => {
      const call = await shell({ command: 'yes | head -5' });
      expect(call.text).toBe('y\ny\ny\ny\ny\n');
      expect(call.result.isError).toBeUndefined();
    });

    it('4.3 environment: the command inherits HOME and PATH', async () => {
      const call = await shell({ command: 'echo "$HOME"; echo "$PATH"' });
      expect(call.text).toBe(`${process.env.HOME}\n${process.env.PATH}\n`);
    });
  });

  describe('5. regressions from pi', () => {
    it('5.1 UTF-8 across chunk boundaries: python printing 你好 × 5000 arrives whole and valid', async () => {
      const call = await shell({ command: 'python3 -c "print(\'你好\' * 5000)"' });
      expect(call.text).toBe(`${'你好'.repeat(5000)}\n`);
      expect(call.updates.some((update) => update.text.includes('\uFFFD'))).toBe(false);
      expect(call.updates.map((update) => update.text).join('')).toBe(`${'你好'.repeat(5000)}\n`);
    });

    it('5.2 interactive commands do not hang: git commit without -m fails fast instead of opening an editor', async () => {
      const git = 'git -c user.name=t -c user.email=t@example.com';
      await shell({ command: `git init -q && echo a > a && ${git} add a` });
      const call = await shell({ command: `${git} commit`, timeout_ms: 5000 });
      expect(call.details.timedOut).toBe(false);
      expect(call.result.isError).toBe(true);
      expect(call.text).toMatch(/editor/i);
      expect(call.text).toMatch(/Command exited with code [1-9]/);
    });

    it('5.3 process group: sleep 100 & sleep 100 & wait leaves no process behind after the timeout', async () => {
      const call = await shell({ command: 'echo $$; sleep 100 & sleep 100 & wait', timeout_ms: 500 });
      expect(call.details.timedOut).toBe(true);
      expect(runningInGroup(Number(call.text.split('\n')[0]))).toEqual([]);
    });

    it('5.4 bash, not sh: [[ ]], arrays and process substitution work', async () => {
      const call = await shell({
        // biome-ignore lint/suspicious/noTemplateCurlyInString: bash array syntax, not a template
        command: 'if [[ -f /etc/hosts ]]; then echo yes; fi; a=(x y z); echo "${a[2]}"; cat <(echo sub)',
      });
      expect(call.text).toBe('yes\nz\nsub\n');
    });

    it('5.5 exact line counts: 150 lines cut to the last 100 say 50 earlier lines were omitted', async () => {
      const call = await shell({ command: 'seq 1 150' }, { tool: { maxLines: 100 } });
      expect(call.text).toBe(
        `${Array.from({ length: 100 }, (_, index) => index + 51).join('\n')}\n\n[Showing lines 51-150 of 150 (50 earlier lines omitted). The full output was not saved; run the command again with its output filtered (grep, head, tail) to see the rest.]`,
      );
      expect(call.details.truncation).toMatchObject({
        omittedLines: 50,
        startLine: 51,
        endLine: 150,
        totalLines: 150,
      });
    });

    it('5.6 wrong argument types: a null or numeric command is a validation error, not a crash', async () => {
      for (const command of [null, 42]) {
        const call = await shell({ command });
        expect(call.result.isError).toBe(true);
        expect(call.text).toContain('parameter "command" must be string');
      }
      const missing = await shell({});
      expect(missing.text).toBe(
        'Invalid arguments for tool shell: missing required parameter "command". Fix the arguments and call shell again.',
      );
    });

    it('5.7 dangerous commands: an interceptor can refuse rm -rf, and the command does not run', async () => {
      await shell({ command: 'mkdir precious && touch precious/keep' });
      const guard = (command: string) =>
        /\brm\s+-[a-z]*r[a-z]*f|\brm\s+-[a-z]*f[a-z]*r/.test(command)
          ? errorResult('Dangerous command needs confirmation: recursive forced delete.')
          : undefined;
      const call = await shell({ command: 'rm -rf ./precious' }, { tool: { interceptors: [guard] } });
      expect(call.result.isError).toBe(true);
      expect(call.text).toBe('Dangerous command needs confirmation: recursive forced delete.');
      expect(existsSync(dir.join('precious/keep'))).toBe(true);
    });
  });
});

describe('shell tool', () => {
  it('says "(no output)" when the command printed nothing', async () => {
    expect((await shell({ command: 'true' })).text).toBe('(no output)');
    expect((await shell({ command: 'false' })).text).toBe('(no output)\n\nCommand exited with code 1');
  });

  it('reports an abort as "Command aborted" and kills the command', async () => {
    const controller = new AbortController();
    const call = await shell(
      { command: 'echo $$; echo working; sleep 100' },
      {
        signal: controller.signal,
        onUpdate: (update) => update.text.includes('working') && controller.abort(),
      },
    );
    expect(call.result.isError).toBe(true);
    expect(call.text.endsWith('working\n\nCommand aborted')).toBe(true);
    expect(call.details.aborted).toBe(true);
    expect(runningInGroup(Number(call.text.split('\n')[0]))).toEqual([]);
  });

  it('reports a command ended by a signal', async () => {
    const call = await shell({ command: 'kill -SEGV $$' });
    expect(call.text).toBe('(no output)\n\nCommand was terminated by signal SIGSEGV');
    expect(call.details.signal).toBe('SIGSEGV');
  });

  it('streams output to onUpdate while the command runs, with its stream', async () => {
    const call = await shell({ command: acknowledged(['one', 'two >&2']) }, { onUpdate: acknowledge });
    expect(call.updates).toEqual([
      { text: 'one\n', stream: 'stdout' },
      { text: 'two\n', stream: 'stderr' },
    ]);
  });

  it('lowers a timeout above the maximum to the maximum and says so', async () => {
    const call = await shell({ command: 'sleep 5', timeout_ms: 900 }, { tool: { maxTimeoutMs: 300 } });
    expect(call.text).toBe(
      '(no output)\n\n(timeout_ms 900 is above the maximum of 300; the command ran with 300ms.)\n\n[ERROR: Command timed out after 300ms. Partial output is shown above. The timeout is already at its maximum (300ms); split the work into shorter commands.]',
    );
    expect(call.details).toMatchObject({ timeoutMs: 300, timeoutClamped: true });
  });

  it("never goes above the environment's own cap", async () => {
    const env = environment({ maxTimeoutMs: 200 });
    const call = await shell({ command: 'sleep 5', timeout_ms: 60_000 }, { env });
    expect(call.details).toMatchObject({ timedOut: true, timeoutMs: 200, timeoutClamped: true });
  });

  it('uses the default timeout of the tool when the call sets none', async () => {
    const call = await shell({ command: 'sleep 5' }, { tool: { defaultTimeoutMs: 200 } });
    expect(call.details).toMatchObject({ timedOut: true, timeoutMs: 200, timeoutClamped: false });
  });

  it("uses the session's command timeouts when the tool sets none", async () => {
    const call = await shell({ command: 'sleep 5' }, { commandTimeouts: { defaultMs: 200, maxMs: 300 } });
    expect(call.details).toMatchObject({ timedOut: true, timeoutMs: 200, timeoutClamped: false });
    const capped = await shell(
      { command: 'sleep 5', timeout_ms: 5000 },
      { commandTimeouts: { defaultMs: 200, maxMs: 300 } },
    );
    expect(capped.details).toMatchObject({ timeoutMs: 300, timeoutClamped: true });
  });

  it('accepts timeout_ms sent as a string, and refuses zero', async () => {
    expect((await shell({ command: 'echo ok', timeout_ms: '2000' })).details.timeoutMs).toBe(2000);
    expect((await shell({ command: 'echo ok', timeout_ms: 0 })).text).toContain('parameter "timeout_ms"');
  });

  it('refuses an empty command', async () => {
    expect((await shell({ command: '' })).text).toContain('parameter "command"');
  });

  it('keeps the description in details for hosts', async () => {
    const call = await shell({ command: 'echo hi', description: 'Say hi' });
    expect(call.details.description).toBe('Say hi');
  });

  it('sets the tool-level env for every command', async () => {
    expect((await shell({ command: 'echo $MODE' }, { tool: { env: { MODE: 'ci' } } })).text).toBe('ci\n');
  });

  it('starts every call in a fresh shell in the working directory', async () => {
    await shell({ command: 'mkdir sub && cd sub && export GONE=1' });
    expect((await shell({ command: 'pwd; echo "[$GONE]"' })).text).toBe(`${dir.path}\n[]\n`);
  });
});

describe('shell interceptors', () => {
  it('lets the first interceptor that claims a command answer it, with the call context', async () => {
    const seen: string[] = [];
    const call = await shell(
      { command: "apply_patch <<'EOF'\n*** Begin Patch\n*** End Patch\nEOF" },
      {
        tool: {
          interceptors: [
            (command) => {
              seen.push(`first:${command.split('\n')[0]}`);
              return undefined;
            },
            async (command, context) =>
              command.startsWith('apply_patch')
                ? { content: [{ type: 'text', text: `patched in ${context.env.workingDirectory}` }] }
                : undefined,
            () => {
              throw new Error('never asked');
            },
          ],
        },
      },
    );
    expect(seen).toEqual(["first:apply_patch <<'EOF'"]);
    expect(call.text).toBe(`patched in ${dir.path}`);
  });

  it('runs the command when no interceptor claims it, sync or async', async () => {
    const call = await shell(
      { command: 'echo ran' },
      { tool: { interceptors: [() => undefined, async () => undefined] } },
    );
    expect(call.text).toBe('ran\n');
  });

  it('sees the command without the prefix', async () => {
    let seen = '';
    await shell(
      { command: 'echo x' },
      {
        tool: {
          commandPrefix: 'export A=1',
          interceptors: [
            (command) => {
              seen = command;
              return undefined;
            },
          ],
        },
      },
    );
    expect(seen).toBe('echo x');
  });
});
