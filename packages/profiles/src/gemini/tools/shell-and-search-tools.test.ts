import { type ExecutionEnvironment, executeTool, resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createListBackgroundProcessesTool, createReadBackgroundOutputTool } from './background-tools.js';
import { createGrepSearchTool } from './grep-search-tool.js';
import { createRunShellCommandTool } from './run-shell-command-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const shell = createRunShellCommandTool();
const PGID = /\nProcess Group PGID: \d+\n/;

describe('run_shell_command (gemini-cli)', () => {
  it('answers inside <untrusted_context> with the output and the process group', async () => {
    const call = await ws.call(shell, { command: 'echo hello', description: 'Greets' });
    expect(call.isError).toBe(false);
    expect(call.text).toMatch(
      /^<untrusted_context>\nOutput: hello\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
  });

  it('adds Exit Code only for a failure, and says (empty) when nothing was printed', async () => {
    const call = await ws.call(shell, { command: 'exit 4' });
    expect(call.isError).toBe(true);
    expect(call.text).toMatch(
      /^<untrusted_context>\nOutput: \(empty\)\nExit Code: 4\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
  });

  it('runs in dir_path', async () => {
    ws.write({ 'sub/.keep': '' });
    expect((await ws.call(shell, { command: 'pwd', dir_path: 'sub' })).text).toContain(
      `Output: ${ws.path}/sub\n`,
    );
  });

  it('stops a command that prints nothing for the inactivity timeout, however long it would run', async () => {
    const quiet = createRunShellCommandTool({ inactivityTimeoutMs: 1500 });
    const stopped = await ws.call(quiet, { command: 'echo started; sleep 30' });
    expect(stopped.isError).toBe(true);
    expect(stopped.text).toMatch(
      /^<untrusted_context>\nOutput: started\nError: Command was stopped after 1\.5 seconds without output\.\nSignal: SIGTERM\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
    // Output keeps it alive: six ticks 0.5 s apart outlast a 1.5 s inactivity timeout.
    const chatty = await ws.call(quiet, { command: 'for i in 1 2 3 4 5 6; do echo $i; sleep 0.5; done' });
    expect(chatty.isError).toBe(false);
    expect(chatty.text).toContain('Output: 1\n2\n3\n4\n5\n6\n');
  });

  it("stops a command at the session's default command timeout, however much it prints", async () => {
    const session = { commandTimeouts: { defaultMs: 1_000, maxMs: 600_000 } };
    const call = await ws.call(shell, { command: 'while true; do echo tick; sleep 0.1; done' }, session);
    expect(call.isError).toBe(true);
    expect(call.text).toContain('\nError: Command was stopped after running for 1 seconds.\n');
  });

  it('returns output the environment kept whole untouched (the session cuts it for the model)', async () => {
    const call = await ws.call(shell, { command: 'seq 1 12000' });
    expect(call.text).not.toContain('Output too large');
    expect(call.text).toMatch(
      /^<untrusted_context>\nOutput: 1\n2\n[\s\S]*\n11999\n12000\nProcess Group PGID/,
    );
  });

  it("replaces output too large to keep with gemini-cli's head and tail, pointing at the saved file", async () => {
    const call = await ws.call(shell, { command: 'seq 1 100000' });
    const match = call.text.match(
      /^<untrusted_context>\nOutput: Output too large\. Showing first 8,000 and last 32,000 characters\. For full output see: (\S+)\n1\n2\n/,
    );
    expect(match).not.toBeNull();
    expect(call.text).toMatch(/\n\n\.\.\. \[\d+ characters omitted\] \.\.\.\n\n/);
    expect(call.text).toMatch(/\n99999\n100000\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
    expect(
      Buffer.from(await ws.env.readFile(match![1]!))
        .toString()
        .endsWith('100000\n'),
    ).toBe(true);
  });

  it('works in an environment without startProcess, without the PGID line', async () => {
    const plain: ExecutionEnvironment = Object.create(ws.env, { startProcess: { value: undefined } });
    const result = await executeTool(
      shell,
      { command: 'echo plain' },
      {
        env: plain,
        signal: new AbortController().signal,
        toolCallId: 't',
      },
    );
    expect(resultText(result)).toBe('<untrusted_context>\nOutput: plain\n</untrusted_context>');
  });

  it('starts a background process, and the background tools list and read it', async () => {
    const started = await ws.call(shell, {
      command: 'echo ready; sleep 2; for i in 1 2 3; do echo tick $i; done; sleep 30',
      is_background: true,
      delay_ms: 1000,
    });
    const pid = Number(
      started.text.match(/^Command is running in background\. PID: (\d+)\. Initial output:\n/)![1],
    );
    expect(started.text).toMatch(/Initial output:\nready$/);
    const listed = await ws.call(createListBackgroundProcessesTool(), {});
    expect(listed.text).toContain(`- PID ${pid} (running): echo ready;`);
    const read = await ws.call(createReadBackgroundOutputTool(), { pid, lines: 2, delay_ms: 3000 });
    expect(read.text).toBe(`Process ${pid} (running). Showing the last 2 lines of output:\ntick 2\ntick 3`);
    expect(PGID.test(read.text)).toBe(false);
    expect((await ws.call(createReadBackgroundOutputTool(), { pid: 1 })).isError).toBe(true);
  });
});

describe('grep_search (gemini-cli)', () => {
  const grep = createGrepSearchTool();
  beforeEach(() =>
    ws.write({
      'src/a.ts': 'const Foo = 1;\nconst bar = 2;\nfoo();\n',
      'src/b.ts': 'foo(); // skip\n',
      'notes.md': 'nothing\n',
    }),
  );

  it('groups matches by file with L-numbers, case-insensitively by default', async () => {
    const call = await ws.call(grep, { pattern: 'foo', dir_path: 'src' });
    expect(call.text).toBe(
      [
        'Found 3 matches for pattern "foo" in path "src":',
        '---',
        'File: a.ts',
        'L1: const Foo = 1;',
        'L3: foo();',
        '---',
        'File: b.ts',
        'L1: foo(); // skip',
        '---',
      ].join('\n'),
    );
  });

  it('shows context lines with "-", honours case_sensitive, include_pattern and exclude_pattern', async () => {
    const call = await ws.call(grep, {
      pattern: 'foo',
      case_sensitive: true,
      include_pattern: '*.ts',
      exclude_pattern: 'skip',
      before: 1,
    });
    expect(call.text).toBe(
      [
        'Found 1 match for pattern "foo" in path "." (filter: "*.ts"):',
        '---',
        'File: src/a.ts',
        'L2- const bar = 2;',
        'L3: foo();',
        '---',
      ].join('\n'),
    );
  });

  it('lists file names only, caps matches per file and in total, and says when results were limited', async () => {
    expect((await ws.call(grep, { pattern: 'foo', names_only: true })).text).toBe(
      'Found 2 files with matches for pattern "foo" in path ".":\nsrc/a.ts\nsrc/b.ts',
    );
    const perFile = await ws.call(grep, { pattern: 'foo', max_matches_per_file: 1 });
    expect(perFile.text).toMatch(/^Found 2 matches/);
    const limited = await ws.call(grep, { pattern: 'foo', total_max_matches: 1 });
    expect(limited.text.split('\n')[0]).toBe(
      'Found 1 match for pattern "foo" in path "." (results limited to 1 matches for performance):',
    );
  });

  it('says when nothing matched, and when the path does not exist', async () => {
    expect((await ws.call(grep, { pattern: 'zebra' })).text).toBe(
      'No matches found for pattern "zebra" in path ".".',
    );
    expect((await ws.call(grep, { pattern: 'x', dir_path: 'missing' })).text).toBe(
      `Path does not exist: ${ws.path}/missing`,
    );
  });

  it('searches for plain text with fixed_strings', async () => {
    const call = await ws.call(grep, { pattern: 'foo()', fixed_strings: true, dir_path: 'src/a.ts' });
    expect(call.text).toBe(
      'Found 1 match for pattern "foo()" in path "src/a.ts":\n---\nFile: a.ts\nL3: foo();\n---',
    );
  });
});
