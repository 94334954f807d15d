import type { ExecutionEnvironment } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createBashTool } from './bash-tool.js';
import { createTaskOutputTool, createTaskStopTool } from './task-tools.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const bash = createBashTool();
const taskOutput = createTaskOutputTool();
const taskStop = createTaskStopTool();

describe('Bash (Claude Code)', () => {
  it('returns stdout and stderr as one stream, leading blank lines dropped and trailing space trimmed', async () => {
    // The pauses keep the two pipes' order deterministic.
    const call = await ws.call(bash, {
      command: 'echo; echo out; sleep 0.1; echo err >&2; sleep 0.1; echo "   "',
    });
    expect(call).toMatchObject({ isError: false, text: 'out\nerr' });
    expect(call.updates.map((update) => update.text).join('')).toContain('out\n');
  });

  it('answers a failing command as an error: "Exit code N", then the output', async () => {
    const call = await ws.call(bash, { command: 'echo partial; exit 3', description: 'Fails on purpose' });
    expect(call).toMatchObject({ isError: true, text: 'Exit code 3\npartial' });
  });

  it('says so when a command printed nothing', async () => {
    expect((await ws.call(bash, { command: 'true' })).text).toBe('(Bash completed with no output)');
  });

  it('defaults to a 120 s timeout, takes a per-call timeout in ms and caps it at 600 000', async () => {
    const defaults = await ws.call(bash, { command: 'true' });
    expect(defaults.details).toMatchObject({ timeoutMs: 120_000 });
    const capped = await ws.call(bash, { command: 'true', timeout: 5_000_000 });
    expect(capped.details).toMatchObject({ timeoutMs: 600_000 });

    const timed = await ws.call(bash, { command: 'echo started; sleep 30', timeout: 1500 });
    expect(timed.isError).toBe(true);
    expect(timed.text).toBe(
      'started\nCommand timed out after 1500ms and was stopped. Give a larger timeout (at most 600000) or set run_in_background for commands that take long.',
    );
  });

  it("takes the session's command timeouts, unless the tool was given its own", async () => {
    const session = { commandTimeouts: { defaultMs: 250, maxMs: 5_000 } };
    expect((await ws.call(bash, { command: 'true' }, session)).details).toMatchObject({ timeoutMs: 250 });
    expect((await ws.call(bash, { command: 'true', timeout: 60_000 }, session)).details).toMatchObject({
      timeoutMs: 5_000,
    });
    const own = createBashTool({ defaultTimeoutMs: 700 });
    expect((await ws.call(own, { command: 'true' }, session)).details).toMatchObject({ timeoutMs: 700 });
  });

  it('uses the profile-configured default timeout when the call sets none', async () => {
    const short = createBashTool({ defaultTimeoutMs: 200 });
    const call = await ws.call(short, { command: 'sleep 30' });
    expect(call.details).toMatchObject({ timedOut: true, timeoutMs: 200 });
  });

  it('returns output the environment kept whole untouched (the session cuts it for the model)', async () => {
    const call = await ws.call(bash, { command: 'seq 1 12000' });
    expect(call.text.startsWith('1\n2\n')).toBe(true);
    expect(call.text.endsWith('\n11999\n12000')).toBe(true);
  });

  it('replaces an output too large to keep with a persisted-output block pointing at the saved file', async () => {
    const call = await ws.call(bash, { command: 'seq 1 100000' });
    const lines = call.text.split('\n');
    expect(lines[0]).toBe('<persisted-output>');
    expect(lines[1]).toMatch(/^Output too large \(575\.1KB\)\. Full output saved to: (\/.+)$/);
    expect(lines[2]).toBe('Preview (first 2KB):');
    expect(lines[3]).toBe('1');
    expect(lines.slice(-2)).toEqual(['…', '</persisted-output>']);
    const preview = lines.slice(3, -2).join('\n');
    expect(preview.length).toBeLessThanOrEqual(2000);
    const saved = lines[1]!.replace(/^.*saved to: /, '');
    expect(
      Buffer.from(await ws.env.readFile(saved))
        .toString()
        .endsWith('99999\n100000\n'),
    ).toBe(true);
  });
});

describe('Bash run_in_background, TaskOutput and TaskStop', () => {
  it('starts a background command, returns its id at once, and TaskOutput waits for its result', async () => {
    const started = await ws.call(bash, {
      command: 'echo begin; sleep 0.3; echo end',
      run_in_background: true,
    });
    expect(started.text).toMatch(
      /^Command running in background with ID: (\d+)\. Read its output with TaskOutput/,
    );
    const id = started.text.match(/ID: (\d+)/)![1]!;

    const output = await ws.call(taskOutput, { task_id: id, block: true, timeout: 10_000 });
    expect(output.text).toBe(
      [
        '<retrieval_status>success</retrieval_status>',
        `<task_id>${id}</task_id>`,
        '<task_type>local_bash</task_type>',
        '<status>completed</status>',
        '<exit_code>0</exit_code>',
        '<output>\nbegin\nend\n</output>',
      ].join('\n\n'),
    );
  });

  it('reports not_ready without blocking, and timeout when blocking too briefly; output is read once', async () => {
    const started = await ws.call(bash, { command: 'echo first; sleep 30', run_in_background: true });
    const id = started.text.match(/ID: (\d+)/)![1]!;
    // Long enough for the first line to arrive on a busy machine, far short of the 30 s sleep.
    const early = await ws.call(taskOutput, { task_id: id, block: true, timeout: 8000 });
    expect(early.text).toContain('<retrieval_status>timeout</retrieval_status>');
    expect(early.text).toContain('<status>running</status>');
    expect(early.text).toContain('<output>\nfirst\n</output>');
    const again = await ws.call(taskOutput, { task_id: id, block: false, timeout: 0 });
    expect(again.text).toContain('<retrieval_status>not_ready</retrieval_status>');
    expect(again.text).toContain('<output>\n\n</output>');

    const stopped = await ws.call(taskStop, { task_id: id });
    expect(JSON.parse(stopped.text)).toEqual({
      message: `Successfully stopped task: ${id} (echo first; sleep 30)`,
      task_id: id,
      task_type: 'local_bash',
      command: 'echo first; sleep 30',
    });
    const after = await ws.call(taskOutput, { task_id: id, block: true, timeout: 1000 });
    expect(after.text).toContain('<status>killed</status>');
  });

  it('answers unknown ids and a missing id as errors', async () => {
    expect(await ws.call(taskOutput, { task_id: '999', block: false, timeout: 0 })).toMatchObject({
      isError: true,
      text: 'No background task found with ID: 999',
    });
    expect((await ws.call(taskStop, {})).isError).toBe(true);
  });

  it('tells the model clearly when the environment cannot keep processes', async () => {
    const limited: ExecutionEnvironment = Object.create(ws.env, { startProcess: { value: undefined } });
    const { executeTool, resultText } = await import('@weft/agent-core');
    const result = await executeTool(
      bash,
      { command: 'sleep 1', run_in_background: true },
      { env: limited, signal: new AbortController().signal, toolCallId: 't' },
    );
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(
      /^Bash with run_in_background needs an environment that can keep a process running between calls, and the local environment cannot/,
    );
  });
});
