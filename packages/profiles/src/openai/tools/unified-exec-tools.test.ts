import { type ExecutionEnvironment, executeTool, resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createExecCommandTool, createWriteStdinTool } from './unified-exec-tools.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const exec = createExecCommandTool();
const write = createWriteStdinTool();

/** The lines of a unified-exec answer, checked for its fixed shape. */
function parse(text: string): { status: string; extra: string[]; output: string } {
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^Chunk ID: [0-9a-f]{6}$/);
  expect(lines[1]).toMatch(/^Wall time: \d+\.\d{4} seconds$/);
  const outputAt = lines.indexOf('Output:');
  return { status: lines[2]!, extra: lines.slice(3, outputAt), output: lines.slice(outputAt + 1).join('\n') };
}

describe('exec_command and write_stdin (codex unified exec)', () => {
  it('returns the exit code and output of a command that finishes within yield_time_ms', async () => {
    const call = await ws.call(exec, { cmd: 'echo hi; exit 3' });
    expect(parse(call.text)).toEqual({ status: 'Process exited with code 3', extra: [], output: 'hi\n' });
  });

  it('returns a session ID for a command still running, and write_stdin talks to it', async () => {
    const started = await ws.call(exec, { cmd: 'cat', yield_time_ms: 250 });
    const first = parse(started.text);
    expect(first.status).toMatch(/^Process running with session ID (\d+)$/);
    const sessionId = Number(first.status.match(/(\d+)$/)![1]);

    const echoed = await ws.call(write, { session_id: sessionId, chars: 'ping\n', yield_time_ms: 1500 });
    expect(parse(echoed.text)).toEqual({
      status: `Process running with session ID ${sessionId}`,
      extra: [],
      output: 'ping\n',
    });
  });

  it('an empty write_stdin polls until the process exits, then forgets the session', async () => {
    const started = await ws.call(exec, { cmd: 'echo one; sleep 1; echo two', yield_time_ms: 250 });
    const sessionId = Number(parse(started.text).status.match(/(\d+)$/)![1]);
    const poll = await ws.call(write, { session_id: sessionId });
    expect(parse(poll.text)).toMatchObject({ status: 'Process exited with code 0', extra: [] });
    // On a busy machine "one" may arrive after the first answer; either way each line comes once.
    expect(parse(started.text).output + parse(poll.text).output).toBe('one\ntwo\n');
    const gone = await ws.call(write, { session_id: sessionId, chars: 'x' });
    expect(gone.isError).toBe(true);
    expect(gone.text).toBe(
      `No process with session ID ${sessionId} is running. It may have exited already; start a new one with exec_command.`,
    );
  });

  it('cuts output to max_output_tokens in the middle and gives the original size', async () => {
    const call = await ws.call(exec, { cmd: 'seq 1 5000', max_output_tokens: 100 });
    const parsed = parse(call.text);
    expect(parsed.status).toBe('Process exited with code 0');
    expect(parsed.extra).toEqual(['Original token count: 5974']);
    expect(parsed.output.split('\n')[0]).toBe('Total output lines: 5000');
    expect(parsed.output).toMatch(
      /^Total output lines: 5000\n\n1\n2\n[\s\S]*…\d+ tokens truncated…[\s\S]*5000\n$/,
    );
    expect(Buffer.byteLength(parsed.output)).toBeLessThan(460);
  });

  it('runs in workdir and with another shell', async () => {
    ws.write({ 'sub/.keep': '' });
    expect(parse((await ws.call(exec, { cmd: 'pwd', workdir: 'sub' })).text).output).toBe(`${ws.path}/sub\n`);
    expect(parse((await ws.call(exec, { cmd: 'echo "$0"', shell: 'sh' })).text).output).toBe('sh\n');
  });

  it('reports the conventional exit code of a killed process', async () => {
    const started = await ws.call(exec, { cmd: 'kill -TERM $$; sleep 5', yield_time_ms: 2000 });
    expect(parse(started.text).status).toBe('Process exited with code 143');
  });

  it('tells the model when the environment cannot keep processes', async () => {
    const limited: ExecutionEnvironment = Object.create(ws.env, { startProcess: { value: undefined } });
    const result = await executeTool(
      exec,
      { cmd: 'echo hi' },
      {
        env: limited,
        signal: new AbortController().signal,
        toolCallId: 't',
      },
    );
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^exec_command needs an environment that can keep a process running/);
  });
});
