import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { match } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../loop/loop.test-support.js';
import { JsonlSessionStore } from '../store/jsonl-session-store.js';
import { Session } from './session.js';
import { type Harness, ofKind, recordEvents, startHarness, testProfile } from './testing/harness.js';
import { blockingTool, readFileTool, shellTool } from './testing/test-tools.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const call = (name: string, args: Record<string, unknown>) => ({
  content: [{ type: 'tool_call' as const, name, arguments: args }],
});

function storeIn(harness: Harness): JsonlSessionStore {
  return new JsonlSessionStore({ directory: harness.dir.join('.sessions'), fsync: false });
}

/** The ids of the entries in a session's file right now. */
function entryIds(store: JsonlSessionStore, sessionId: string): string[] {
  const lines = readFileSync(join(store.directory, `${sessionId}.jsonl`), 'utf8')
    .split('\n')
    .slice(1);
  return lines.filter((line) => line !== '').map((line) => (JSON.parse(line) as { id: string }).id);
}

describe('a session with a store', () => {
  it('writes every turn and change to the store before the event that announces it', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a.txt', 'A');
    harness.server.enqueue(call('read_file', { file_path: 'a.txt' }), text('read'));
    const store = storeIn(harness);
    const session = harness.session({ tools: [readFileTool], store });
    const checked: string[] = [];
    const onDisk = (id: string, what: string) => {
      expect(entryIds(store, session.id)).toContain(id);
      checked.push(what);
    };
    session.on('turn_appended', (event) => onDisk(event.data.turn.id, `turn ${event.data.turn.type}`));
    session.on('user_input', (event) => onDisk(event.data.turnId, 'user_input'));
    session.on('assistant_text_end', (event) => onDisk(event.data.turnId, 'assistant_text_end'));
    session.on('steering_injected', (event) => onDisk(event.data.turnId, 'steering_injected'));
    session.on('model_change', () => checked.push('model_change'));

    session.steer('be brief');
    await session.submit('read a.txt');
    await session.setModel('claude-opus-5-1');

    expect(checked).toEqual([
      'turn user',
      'user_input',
      'turn steering',
      'steering_injected',
      'turn assistant',
      'assistant_text_end',
      'turn tool_results',
      'turn assistant',
      'assistant_text_end',
      'model_change',
    ]);
    const loaded = await store.load(session.id);
    expect(loaded.entries.at(-1)).toMatchObject({ type: 'model_change', model: 'claude-opus-5-1' });
    expect(loaded.entries.map((entry) => entry.parentId)).toEqual([
      null,
      ...loaded.entries.slice(0, -1).map((entry) => entry.id),
    ]);
  });

  it('resumes with the exact history, model and effort, and the next request is accepted and carries it', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a.txt', 'alpha');
    harness.server.enqueue(
      {
        content: [
          { type: 'reasoning', text: 'Read first.', signature: 'sig-1' },
          ...call('read_file', { file_path: 'a.txt' }).content,
        ],
      },
      text('It says alpha.'),
      text('Still alpha.'),
    );
    const store = storeIn(harness);
    const first = harness.session({ tools: [readFileTool], store });
    await first.submit('read a.txt');
    await first.setModel('claude-opus-5-1');
    await first.setReasoningEffort('high');
    await first.close();

    const resumed = await Session.resume(store, first.id, {
      profile: testProfile({ tools: [readFileTool] }),
      env: harness.env,
      client: harness.client,
    });
    const events = recordEvents(resumed);
    const result = await resumed.submit('and now?');
    await resumed.close();

    expect(result.text).toBe('Still alpha.');
    expect(resumed.history.slice(0, 4)).toEqual(first.history);
    expect(resumed.model).toBe('claude-opus-5-1');
    expect(resumed.reasoningEffort).toBe('high');
    expect(ofKind(events, 'session_start')[0]?.data).toMatchObject({
      resumed: true,
      model: 'claude-opus-5-1',
    });
    const last = harness.server.requests.at(-1);
    expect(last).toMatchObject({ model: 'claude-opus-5-1', outcome: { type: 'turn' } });
    // Another model now: @weft/llm keeps the earlier reasoning as quoted text, without its signature.
    expect(last?.view.messages.map((message) => message.text)).toEqual([
      'read a.txt',
      '<earlier_reasoning>\nRead first.\n</earlier_reasoning>',
      '',
      'It says alpha.',
      'and now?',
    ]);
    expect(last?.rawBody).not.toContain('sig-1');
    const loaded = await store.load(first.id);
    expect(loaded.entries.map((entry) => (entry.type === 'turn' ? entry.turn.type : entry.type))).toEqual([
      'user',
      'assistant',
      'tool_results',
      'assistant',
      'model_change',
      'effort_change',
      'user',
      'assistant',
    ]);
  });

  it('forks from an earlier entry under a new id, leaving the original as it was', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('one'), text('two'), text('forked answer'));
    const store = storeIn(harness);
    const original = harness.session({ store });
    await original.submit('first');
    const branchPoint = original.leafEntryId!;
    await original.submit('second');
    await original.close();
    const before = entryIds(store, original.id);

    const fork = await Session.fork(store, original.id, branchPoint, {
      profile: testProfile(),
      env: harness.env,
      client: harness.client,
      sessionId: 'the-fork',
    });
    await fork.submit('another second');
    await fork.close();

    expect(fork.id).toBe('the-fork');
    expect(entryIds(store, original.id)).toEqual(before);
    expect(harness.server.requests.at(-1)?.view.messages.map((message) => message.text)).toEqual([
      'first',
      'one',
      'another second',
    ]);
    expect((await store.load('the-fork')).header.parent).toEqual({
      sessionId: original.id,
      entryId: branchPoint,
    });
  });

  it('records an aborted round with every call answered, so a resumed session’s next request is valid', async () => {
    harness = await startHarness();
    const gate = blockingTool('first');
    harness.server.enqueue(
      { content: [...call('first', {}).content, ...call('shell', { command: 'echo never' }).content] },
      text('Resumed fine.'),
    );
    const store = storeIn(harness);
    const session = harness.session({ tools: [gate.tool, shellTool], store });
    const run = session.submit('go');
    await gate.started(1);
    await session.abort();
    await run;

    expect(session.history.at(-1)).toMatchObject({
      type: 'tool_results',
      results: [
        { isError: true },
        {
          isError: true,
          content: [{ type: 'text', text: 'Skipped: the session was aborted before this call started.' }],
        },
      ],
    });
    const resumed = await Session.resume(store, session.id, {
      profile: testProfile({ tools: [gate.tool, shellTool] }),
      env: harness.env,
      client: harness.client,
    });
    expect((await resumed.submit('continue')).text).toBe('Resumed fine.');
    expect(harness.server.requests.at(-1)?.outcome.type).toBe('turn');
    await resumed.close();
  });

  it('writes a compaction as an entry, and resume gives back the compacted history', async () => {
    harness = await startHarness();
    harness.server
      .when(match.system('summary'), text('## Goal\nSummary.'))
      .enqueue(text('one '.repeat(100)), text('after'));
    const store = storeIn(harness);
    const session = harness.session({ store, config: { compaction: { keepRecentTokens: 10 } } });
    await session.submit('first '.repeat(100));
    expect((await session.compact()).ok).toBe(true);
    await session.close();

    const loaded = await store.load(session.id);
    expect(loaded.entries.map((entry) => entry.type)).toEqual(['turn', 'turn', 'compaction']);
    const resumed = await Session.resume(store, session.id, {
      profile: testProfile(),
      env: harness.env,
      client: harness.client,
    });
    expect(resumed.history).toEqual(session.history);
    expect(resumed.history.map((turn) => turn.type)).toEqual(['summary', 'assistant']);
    await resumed.close();
  });

  it('stops the input with a StoreWriteError when a write fails, without adding the turn it could not write', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('never recorded'));
    const store = storeIn(harness);
    let appends = 0;
    const failing = Object.assign(Object.create(store) as JsonlSessionStore, {
      append: async (...args: Parameters<JsonlSessionStore['append']>) => {
        appends++;
        if (appends === 2) throw new Error('disk full');
        return store.append(...args);
      },
    });
    const session = harness.session({ store: failing });
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result).toMatchObject({ stopReason: 'error', state: 'IDLE', error: { code: 'StoreWriteError' } });
    expect(result.error?.message).toMatch(/^Writing turn entry .+ to the session store failed: disk full$/);
    expect(session.history.map((turn) => turn.type)).toEqual(['user']);
    expect(ofKind(events, 'assistant_text_end')).toEqual([]);
  });
});
