import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, ofKind, recordEvents, startHarness } from '../session/testing/harness.js';
import { shellTool } from '../session/testing/test-tools.js';
import { call, text } from './loop.test-support.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

describe('limits', () => {
  it('stops an input after maxToolRoundsPerInput rounds with turn_limit, and the next input gets a fresh budget', async () => {
    harness = await startHarness();
    harness.server
      .when(() => true, call('shell', { command: 'true' }), { times: 2 })
      .enqueue(text('fresh budget'));
    const session = harness.session({ tools: [shellTool], config: { maxToolRoundsPerInput: 2 } });
    const events = recordEvents(session);

    const first = await session.submit('loop forever');

    expect(first).toMatchObject({ stopReason: 'max_tool_rounds', state: 'IDLE', toolRounds: 2, turns: 2 });
    expect(ofKind(events, 'turn_limit').map((event) => event.data)).toEqual([
      { limit: 'max_tool_rounds_per_input', value: 2 },
    ]);
    expect(harness.server.requests).toHaveLength(2);
    expect((await session.submit('again')).text).toBe('fresh budget');
  });

  it('stops at maxTurns model calls over the whole session', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('shell', { command: 'true' }), text('first done'), text('never sent'));
    const session = harness.session({ tools: [shellTool], config: { maxTurns: 2 } });
    const events = recordEvents(session);

    expect((await session.submit('one')).stopReason).toBe('completed');
    const second = await session.submit('two');

    expect(second).toMatchObject({ stopReason: 'max_turns', turns: 0 });
    expect(ofKind(events, 'turn_limit').map((event) => event.data)).toEqual([
      { limit: 'max_turns', value: 2 },
    ]);
    expect(harness.server.requests).toHaveLength(2);
  });

  it('runs without a limit by default (0 = unlimited)', async () => {
    harness = await startHarness();
    harness.server
      .when(() => true, call('shell', { command: 'true' }), { times: 30 })
      .enqueue(text('finally'));
    const session = harness.session({ tools: [shellTool], config: { enableLoopDetection: false } });
    expect(await session.submit('go')).toMatchObject({ stopReason: 'completed', toolRounds: 30 });
  });
});
