import { match, type RecordedRequest, type ScriptedTurn } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../events/session-event.js';
import { type Harness, ofKind, recordEvents, startHarness } from '../session/testing/harness.js';
import { blockingTool, readFileTool, shellTool, writeFileTool } from '../session/testing/test-tools.js';
import { SubagentManager } from './subagent-manager.js';

/**
 * Subagents end to end: a parent session on the fake model server (real client, adapter and SDK)
 * whose model calls the subagent tools; the children are real sessions on the same server, told
 * apart by their system prompt (it carries the subagent instructions) and their task.
 */

const text = (value: string): ScriptedTurn => ({ content: [{ type: 'text', text: value }] });
const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
  content: [{ type: 'tool_call', name, arguments: args }],
});
const calls = (...list: [string, Record<string, unknown>][]): ScriptedTurn => ({
  content: list.map(([name, args]) => ({ type: 'tool_call' as const, name, arguments: args })),
});

const isChild = (request: RecordedRequest): boolean => /You are a subagent/.test(request.view.system);
/** A child working on a task that starts with `task`: before any tool result, or after one. */
const child = (task: string, afterTool: boolean) =>
  match.all(
    isChild,
    match.lastUserText(new RegExp(`^${task}`)),
    (request) => match.afterToolResult()(request) === afterTool,
  );
/** The last message carries a tool result that starts with `prefix` (Anthropic's results name no tool). */
const resultStarts =
  (prefix: string) =>
  (request: RecordedRequest): boolean =>
    request.view.messages.at(-1)?.toolResults[0]?.content.startsWith(prefix) ?? false;
const parentAfterWait = match.all((r) => !isChild(r), resultStarts('Agent agent-'));
/** The parent's last tool result, echoed as its final answer. */
const echoLastResult = (request: RecordedRequest): ScriptedTurn =>
  text(request.view.messages.at(-1)?.toolResults[0]?.content ?? '');

const SUBAGENT_TOOLS = ['spawn_agent', 'send_input', 'wait', 'close_agent'];

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

describe('subagents', () => {
  it('a parent spawns two children that work at once and each answer, waits for both, and finishes', async () => {
    harness = await startHarness();
    const hold = blockingTool('hold');
    harness.server
      .when(child('task A', false), call('hold', { label: 'A' }))
      .when(child('task A', true), text('Answer A'))
      .when(child('task B', false), call('hold', { label: 'B' }))
      .when(child('task B', true), text('Answer B'))
      .enqueue(
        calls(
          ['spawn_agent', { task: 'task A: count the files' }],
          ['spawn_agent', { task: 'task B: list the tests' }],
        ),
        call('wait', { agent_ids: ['agent-1', 'agent-2'] }),
      )
      .when(parentAfterWait, echoLastResult);
    const parent = harness.session({ tools: [hold.tool] });
    const events = recordEvents(parent);

    const done = parent.submit('Investigate both');
    await hold.started(2); // both children are inside their tool call at the same time
    hold.release();
    const result = await done;

    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe(
      'Agent agent-1: completed in 2 turns.\n\nAnswer A\n\n---\n\nAgent agent-2: completed in 2 turns.\n\nAnswer B',
    );
    const spawned = ofKind(events, 'tool_call_end').filter(
      (event) => event.data.toolName === 'spawn_agent' && event.agentId === undefined,
    );
    expect(spawned.map((event) => event.data.modelText)).toEqual([
      'Started agent agent-1 (running). Call wait with agent_id "agent-1" for its result.',
      'Started agent agent-2 (running). Call wait with agent_id "agent-2" for its result.',
    ]);
    // Child events reach the host through the parent, tagged with the child's id.
    const answers = (agentId: string) =>
      ofKind(events, 'assistant_text_end')
        .filter((event) => event.agentId === agentId)
        .map((event) => event.data.text);
    expect(answers('agent-1')).toEqual(['', 'Answer A']);
    expect(answers('agent-2')).toEqual(['', 'Answer B']);
    // Each child has its own history, which never saw the parent's conversation.
    const childHistory = parent.children.get('agent-1')?.history ?? [];
    expect(childHistory.map((turn) => turn.type)).toEqual(['user', 'assistant', 'tool_results', 'assistant']);
    expect(JSON.stringify(childHistory)).not.toContain('Investigate both');
    expect(parent.children.get('agent-1')?.env).toBe(parent.env);
  });

  it('the depth limit: a child at the limit gets no subagent tools; one below it does', async () => {
    harness = await startHarness();
    harness.server
      .when(child('task C', false), call('spawn_agent', { task: 'task D' }))
      .when(
        match.all(child('task C', true), resultStarts('Started agent')),
        call('wait', { agent_id: 'agent-1' }),
      )
      .when(match.all(child('task C', true), resultStarts('Agent agent-')), echoLastResult)
      .when(child('task D', false), text('Answer D'))
      .enqueue(call('spawn_agent', { task: 'task C' }), call('wait', { agent_id: 'agent-1' }))
      .when(parentAfterWait, echoLastResult);
    const parent = harness.session({ tools: [readFileTool], config: { maxSubagentDepth: 2 } });

    const result = await parent.submit('Delegate twice');

    expect(result.text).toBe(
      'Agent agent-1: completed in 3 turns.\n\nAgent agent-1: completed in 1 turn.\n\nAnswer D',
    );
    const toolsOf = (predicate: (r: RecordedRequest) => boolean) =>
      harness.server.requests.find(predicate)?.view.tools;
    expect(toolsOf((r) => !isChild(r))).toEqual(['read_file', ...SUBAGENT_TOOLS]); // depth 0
    expect(toolsOf(child('task C', false))).toEqual(['read_file', ...SUBAGENT_TOOLS]); // depth 1 < 2
    expect(toolsOf(child('task D', false))).toEqual(['read_file']); // depth 2: at the limit
  });

  it('with the default depth of 1, children cannot spawn', async () => {
    harness = await startHarness();
    harness.server
      .when(child('task', false), text('done'))
      .enqueue(call('spawn_agent', { task: 'task' }), call('wait', { agent_id: 'agent-1' }), text('ok'));
    const parent = harness.session({ tools: [readFileTool] });
    await parent.submit('Go');
    expect(parent.config.maxSubagentDepth).toBe(1);
    expect(harness.server.requests[0]?.view.tools).toEqual(['read_file', ...SUBAGENT_TOOLS]);
    expect(harness.server.requests.find(child('task', false))?.view.tools).toEqual(['read_file']);
  });

  it('aborting the parent aborts its running children, kills their commands, and ends them before the parent ends', async () => {
    harness = await startHarness();
    harness.server
      .when(child('task S', false), call('shell', { command: 'echo started; sleep 30', timeout_ms: 60_000 }))
      .when(child('task S', true), text('slept'))
      .enqueue(call('spawn_agent', { task: 'task S' }), call('wait', { agent_id: 'agent-1' }), text('never'));
    const parent = harness.session({ tools: [shellTool] });
    const events = recordEvents(parent);

    const sleeping = new Promise<void>((resolve) => {
      parent.on('tool_call_output_delta', (event) => {
        if (event.agentId === 'agent-1') resolve();
      });
    });

    const done = parent.submit('Sleep in a child');
    await sleeping; // the child's command has printed, so it runs
    expect(harness.env.running.size).toBeGreaterThan(0);
    const started = Date.now();
    await parent.abort();

    expect((await done).stopReason).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(harness.env.running.size).toBe(0);
    const ends = events.filter((event): event is SessionEvent<'session_end'> => event.kind === 'session_end');
    expect(ends.map((event) => event.agentId)).toEqual(['agent-1', undefined]); // the child's end, then the parent's
    expect(ends[0]?.data.reason).toBe('aborted');
    expect(parent.children.size).toBe(0);
  });

  it('send_input to a running child: the message is processed after its current work, before it reports', async () => {
    harness = await startHarness();
    const hold = blockingTool('hold');
    harness.server
      .when(child('task E', false), call('hold', {}))
      .when(child('task E', true), text('first'))
      .when(child('also F', false), text('second F'))
      .enqueue(
        call('spawn_agent', { task: 'task E' }),
        call('send_input', { agent_id: 'agent-1', message: 'also F' }),
        call('wait', { agent_id: 'agent-1' }),
      )
      .when(parentAfterWait, echoLastResult);
    const parent = harness.session({ tools: [hold.tool] });
    const sent = new Promise<string>((resolve) => {
      parent.on('tool_call_end', (event) => {
        if (event.data.toolName === 'send_input' && event.agentId === undefined)
          resolve(event.data.modelText);
      });
    });

    const done = parent.submit('Work with a child');
    await hold.started(1);
    expect(await sent).toBe('Message sent to agent agent-1 (running).'); // while it is held in its tool call
    hold.release();
    const result = await done;

    expect(result.text).toBe('Agent agent-1: completed in 3 turns.\n\nsecond F');
    const history = parent.children.get('agent-1')?.history ?? [];
    expect(history.map((turn) => turn.type)).toEqual([
      'user',
      'assistant',
      'tool_results',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(history[4]).toMatchObject({ type: 'user', content: [{ type: 'text', text: 'also F' }] });
  });

  it('a child can work in a subdirectory, with its own model and turn limit', async () => {
    harness = await startHarness();
    await harness.env.writeFile('pkg/notes.txt', 'inside pkg');
    harness.server
      .when(
        child('task G', false),
        calls(
          ['read_file', { file_path: 'notes.txt' }],
          ['write_file', { file_path: '../outside.txt', content: 'x' }],
        ),
      )
      .when(child('task G', true), text('unreachable: the turn limit stops it first'))
      .enqueue(
        call('spawn_agent', { task: 'task G', working_dir: 'pkg', model: 'claude-haiku-5-5', max_turns: 1 }),
        call('wait', { agent_id: 'agent-1' }),
      )
      .when(parentAfterWait, echoLastResult);
    const parent = harness.session({ tools: [readFileTool, writeFileTool] });
    const events = recordEvents(parent);

    const result = await parent.submit('Delegate in pkg');

    const childRequest = harness.server.requests.find(child('task G', false));
    expect(childRequest?.model).toBe('claude-haiku-5-5');
    expect(childRequest?.view.system).toContain(`${harness.dir.path}/pkg`); // its environment block
    const ends = ofKind(events, 'tool_call_end').filter((event) => event.agentId === 'agent-1');
    expect(ends.map((event) => [event.data.toolName, event.data.result.isError ?? false])).toEqual([
      ['read_file', false],
      ['write_file', true],
    ]);
    expect(ends[0]?.data.modelText).toBe('inside pkg');
    expect(ends[1]?.data.modelText).toContain('may only write inside');
    expect(await harness.env.fileExists('outside.txt')).toBe(false);
    expect(result.text).toMatch(/^Agent agent-1: failed after 1 turn, stopped by max_turns/);
  });

  it('tells the model what went wrong with an unknown or closed agent', async () => {
    harness = await startHarness();
    harness.server
      .when(child('task H', false), text('done H'))
      .enqueue(
        call('wait', { agent_id: 'agent-9' }),
        call('spawn_agent', { task: 'task H' }),
        call('close_agent', { agent_id: 'agent-1' }),
        call('send_input', { agent_id: 'agent-1', message: 'more' }),
        call('wait', {}),
        call('spawn_agent', { task: 'task H', working_dir: 'missing' }),
        text('ok'),
      );
    const parent = harness.session();
    const events = recordEvents(parent);

    await parent.submit('Try everything');

    const results = ofKind(events, 'tool_call_end')
      .filter((event) => event.agentId === undefined)
      .map((event) => [event.data.toolName, event.data.result.isError ?? false, event.data.modelText]);
    expect(results[0]).toEqual(['wait', true, 'No agent with id "agent-9". No agent has been started.']);
    expect(results[1]?.[1]).toBe(false);
    expect(results[2]?.[2]).toMatch(/^Agent agent-1 closed \(it was (running|completed)\)\.$/);
    expect(results[3]).toEqual(['send_input', true, 'Agent agent-1 is closed: it takes no more input.']);
    expect(results[4]).toEqual(['wait', true, 'Give agent_id or agent_ids: the agents to wait for.']);
    expect(results[5]?.[1]).toBe(true);
    expect(results[5]?.[2]).toContain('Directory not found');
  });
});

describe('SubagentManager', () => {
  it('wait with a timeout reports agents still running; close then ends them', async () => {
    harness = await startHarness();
    const hold = blockingTool('hold');
    harness.server.when(child('task T', false), call('hold', {}));
    const parent = harness.session({ tools: [hold.tool] });
    const manager = new SubagentManager(parent);

    const started = await manager.spawn({ task: 'task T' });
    await hold.started(1);
    const [waited] = await manager.wait([started.agentId], { timeoutMs: 20 });
    expect(waited).toMatchObject({ agentId: 'agent-1', status: 'running', success: false, turnsUsed: 0 });

    const closed = await manager.close('agent-1');
    expect(closed.previousStatus).toBe('running');
    expect(closed.result).toMatchObject({ status: 'closed', stopReason: 'aborted' });
    expect(manager.list().map((result) => result.status)).toEqual(['closed']);
  });

  it('children inherit the hooks it was given: a gate blocks their calls as it blocks the parent’s', async () => {
    harness = await startHarness();
    harness.server
      .when(child('task W', false), call('write_file', { file_path: 'w.txt', content: 'x' }))
      .when(child('task W', true), text('could not write'));
    const parent = harness.session({ tools: [writeFileTool] });
    const events = recordEvents(parent);
    const gated: string[] = [];
    const manager = new SubagentManager(parent, {
      hooks: {
        toolGates: [
          (info) => {
            gated.push(`${info.agentId ?? '-'} ${info.toolName}`);
            return { action: 'block', reason: 'writes need approval' };
          },
        ],
      },
    });

    const started = await manager.spawn({ task: 'task W' });
    const [result] = await manager.wait([started.agentId]);

    expect(result).toMatchObject({ status: 'completed', output: 'could not write', turnsUsed: 2 });
    expect(gated).toEqual(['agent-1 write_file']);
    expect(ofKind(events, 'tool_call_end').find((event) => event.agentId === 'agent-1')?.data.blocked).toBe(
      'writes need approval',
    );
    expect(await harness.env.fileExists('w.txt')).toBe(false);
  });
});
