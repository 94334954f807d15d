import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, ofKind, recordEvents, startHarness } from '../session/testing/harness.js';
import { readFileTool } from '../session/testing/test-tools.js';
import { call, text } from './loop.test-support.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const WARNING = 'Loop detected: the last 10 tool calls follow a repeating pattern. Try a different approach.';

describe('loop detection in the loop', () => {
  it('injects the spec’s warning as a steering turn after ten identical calls; the model reads it as a user message', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a.txt', 'same');
    harness.server
      .when(() => true, call('read_file', { file_path: 'a.txt' }), { times: 10 })
      .enqueue(text('Trying something else.'));
    const session = harness.session({ tools: [readFileTool] });
    const events = recordEvents(session);

    await session.submit('read a.txt until it changes');

    expect(ofKind(events, 'loop_detection').map((event) => event.data)).toEqual([
      { message: WARNING, pattern: ['read_file'] },
    ]);
    expect(ofKind(events, 'steering_injected').map((event) => event.data)).toMatchObject([
      { text: WARNING, source: 'loop_detection' },
    ]);
    expect(session.history.at(-2)).toMatchObject({
      type: 'steering',
      source: 'loop_detection',
      content: WARNING,
    });
    const last = harness.server.requests.at(-1)?.view.messages ?? [];
    expect(last.at(-1)?.text).toContain(WARNING);
  });

  it('finds a two-call cycle', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a', 'A');
    await harness.env.writeFile('b', 'B');
    let count = 0;
    harness.server
      .when(
        () => true,
        () => call('read_file', { file_path: count++ % 2 === 0 ? 'a' : 'b' }),
        { times: 10 },
      )
      .enqueue(text('ok'));
    const session = harness.session({ tools: [readFileTool] });
    const events = recordEvents(session);

    await session.submit('alternate');

    expect(ofKind(events, 'loop_detection')[0]?.data.pattern).toEqual(['read_file', 'read_file']);
  });

  it('stays quiet when disabled', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a.txt', 'same');
    harness.server
      .when(() => true, call('read_file', { file_path: 'a.txt' }), { times: 10 })
      .enqueue(text('done'));
    const session = harness.session({ tools: [readFileTool], config: { enableLoopDetection: false } });
    const events = recordEvents(session);
    await session.submit('go');
    expect(ofKind(events, 'loop_detection')).toEqual([]);
  });
});
