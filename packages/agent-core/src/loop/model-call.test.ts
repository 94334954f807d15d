import { match } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, kinds, ofKind, recordEvents, startHarness } from '../session/testing/harness.js';
import { readFileTool } from '../session/testing/test-tools.js';
import { call, text } from './loop.test-support.js';
import { cutToolCallMessage } from './loop-messages.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

describe('model call recovery', () => {
  it('retries a transient error with @weft/llm’s policy (Retry-After honoured) and announces each retry', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { error: { kind: 'overloaded', retryAfterSeconds: 3 } },
      { error: { kind: 'server' } },
      text('made it'),
    );
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result.text).toBe('made it');
    const retries = ofKind(events, 'retry').map((event) => event.data);
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 3_000 });
    expect(retries[0]?.error).toMatch(/^ServerError/);
    expect(retries[1]?.attempt).toBe(2);
  });

  it('gives up after the policy’s retries: an error event, the input stops, the session stays usable', async () => {
    harness = await startHarness();
    harness.server.when(() => true, { error: { kind: 'server' } }, { times: 3 }).enqueue(text('back'));
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result).toMatchObject({ stopReason: 'error', state: 'IDLE', error: { code: 'ServerError' } });
    expect(ofKind(events, 'error')[0]?.data).toMatchObject({ code: 'ServerError', retryable: true });
    expect(ofKind(events, 'retry')).toHaveLength(2);
    expect((await session.submit('again')).text).toBe('back');
  });

  it('retries a stream that broke before anything reached the host, without a warning', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { ...text('lost'), faults: { cut: { afterFrames: 1, mode: 'end' } } },
      text('second try'),
    );
    const session = harness.session();
    const events = recordEvents(session);
    expect((await session.submit('hi')).text).toBe('second try');
    expect(ofKind(events, 'retry')).toHaveLength(1);
    expect(ofKind(events, 'warning')).toEqual([]);
  });

  it('requests again after an empty response, which is not recorded', async () => {
    harness = await startHarness();
    harness.server.enqueue({ content: [] }, text('Here it is.'));
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result.text).toBe('Here it is.');
    expect(ofKind(events, 'warning').map((event) => event.data.code)).toEqual(['empty_response']);
    expect(ofKind(events, 'retry').map((event) => event.data)).toEqual([
      { attempt: 1, delayMs: 0, error: 'empty response' },
    ]);
    expect(session.history.map((turn) => turn.type)).toEqual(['user', 'assistant']);
  });

  it('stops with an error after maxEmptyResponseRetries empty responses', async () => {
    harness = await startHarness();
    harness.server.when(
      () => true,
      { content: [{ type: 'reasoning', text: 'Hmm.', signature: 's' }] },
      { times: 2 },
    );
    const session = harness.session({ config: { maxEmptyResponseRetries: 1 } });
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result).toMatchObject({ stopReason: 'error', error: { code: 'empty_response' } });
    expect(harness.server.requests).toHaveLength(2);
    expect(ofKind(events, 'error')[0]?.data.message).toBe(
      'The model answered with neither text nor tool calls 2 times in a row.',
    );
  });

  it('takes a text answer cut by the output limit as done, with a warning (seed 002 §4.2)', async () => {
    harness = await startHarness();
    harness.server.enqueue({ ...text('The answer is long and'), stop: 'max_tokens' });
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('explain');

    expect(result).toMatchObject({ stopReason: 'completed', text: 'The answer is long and' });
    expect(ofKind(events, 'warning').map((event) => event.data.code)).toEqual(['output_truncated']);
    expect(ofKind(events, 'assistant_text_end')[0]?.data.finishReason.reason).toBe('length');
  });

  it('answers a tool call the output limit cut off instead of running it, and goes on', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a.txt', 'A');
    harness.server.enqueue(
      { ...call('read_file', '{"file_path": "a.t'), stop: 'max_tokens' },
      call('read_file', { file_path: 'a.txt' }),
      text('Read it in the end.'),
    );
    const session = harness.session({ tools: [readFileTool] });

    const result = await session.submit('read a.txt');

    expect(result).toMatchObject({ stopReason: 'completed', toolRounds: 2 });
    expect(harness.server.requests[1]?.outcome.type).toBe('turn');
    expect(harness.server.requests[1]?.view.messages.at(-1)?.toolResults[0]).toMatchObject({
      content: cutToolCallMessage('read_file'),
      isError: true,
    });
  });

  it('reports a context overflow as a warning and stops the input when compaction is off; the session goes on', async () => {
    harness = await startHarness();
    harness.server.enqueue({ error: { kind: 'context_overflow' } }, text('short question, short answer'));
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('a very long paste');

    expect(result).toMatchObject({ stopReason: 'context_overflow', state: 'IDLE' });
    expect(ofKind(events, 'warning').map((event) => event.data.code)).toEqual(['context_overflow']);
    expect(ofKind(events, 'error')).toEqual([]);
    expect((await session.submit('short')).text).toBe('short question, short answer');
  });

  it('compacts once and sends the call again after a context overflow when compaction is on', async () => {
    harness = await startHarness();
    harness.server
      .when(match.system('summary'), text('## Goal\nEarlier work summarised.'))
      .enqueue(text('first answer '.repeat(50)), { error: { kind: 'context_overflow' } }, text('fits now'));
    const session = harness.session({ config: { compaction: { enabled: true, keepRecentTokens: 10 } } });
    const events = recordEvents(session);
    await session.submit('first question '.repeat(50));

    const result = await session.submit('second question');

    expect(result.text).toBe('fits now');
    expect(ofKind(events, 'compaction_start').map((event) => event.data.reason)).toEqual(['overflow']);
    expect(ofKind(events, 'compaction_end')[0]?.data.ok).toBe(true);
    const retried = harness.server.requests.at(-1)?.view.messages ?? [];
    expect(retried[0]?.text).toContain('Earlier work summarised.');
    expect(session.history[0]?.type).toBe('summary');
  });

  it('warns once per input when the context passes 80 % of the window', async () => {
    harness = await startHarness();
    await harness.env.writeFile('big.txt', 'z'.repeat(3_600));
    harness.server.enqueue(
      call('read_file', { file_path: 'big.txt' }),
      call('read_file', { file_path: 'big.txt' }),
      text('ok'),
    );
    const session = harness.session({ tools: [readFileTool], capabilities: { contextWindow: 1_500 } });
    const events = recordEvents(session);

    await session.submit('read it twice');

    const warnings = ofKind(events, 'warning').filter((event) => event.data.code === 'context_usage');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.data.message).toMatch(/^Context usage is at about \d+% of the context window/);
  });
});

describe('compaction in the loop', () => {
  const compactingSession = () =>
    harness.session({
      tools: [readFileTool],
      capabilities: { contextWindow: 3_000 },
      config: { compaction: { enabled: true, reserveTokens: 500, keepRecentTokens: 10 } },
    });

  it('compacts before a call once the history crosses the threshold; the summary leads the next request', async () => {
    harness = await startHarness();
    await harness.env.writeFile('big.txt', 'q'.repeat(12_000));
    harness.server
      .when(match.system('summary'), text('## Goal\nThe big file was read.'))
      .enqueue(call('read_file', { file_path: 'big.txt' }), text('noted'), text('done'));
    const session = compactingSession();
    const events = recordEvents(session);

    await session.submit('read big.txt');
    await session.submit('What comes next? '.repeat(20).trim());

    const starts = ofKind(events, 'compaction_start').map((event) => event.data.reason);
    expect(starts.length).toBeGreaterThan(0);
    expect(new Set(starts)).toEqual(new Set(['threshold']));
    const last = ofKind(events, 'compaction_end').at(-1)?.data;
    expect(last).toMatchObject({ ok: true });
    expect(last?.tokensAfter).toBeLessThan((last?.tokensBefore ?? 0) / 2);
    const request = harness.server.requests.at(-1);
    expect(request?.view.messages[0]?.text).toMatch(/^The earlier part of this conversation was compacted/);
    expect(request?.view.messages[0]?.text).toContain('The big file was read.');
    expect(request?.rawBody).toContain('What comes next?');
    expect(request?.rawBody).not.toContain('qqqqqqqqqq');
  });

  it('goes on with the whole history when the compaction fails', async () => {
    harness = await startHarness();
    await harness.env.writeFile('big.txt', 'q'.repeat(12_000));
    harness.server
      .when(match.system('summary'), { error: { kind: 'invalid_request' } })
      .enqueue(text('noted'), call('read_file', { file_path: 'big.txt' }), text('done anyway'));
    const session = compactingSession();
    const events = recordEvents(session);

    await session.submit('remember this');
    const result = await session.submit('read big.txt');

    expect(result.text).toBe('done anyway');
    expect(ofKind(events, 'compaction_end')[0]?.data).toMatchObject({ ok: false });
    expect(ofKind(events, 'compaction_end')).toHaveLength(1);
    expect(session.history.map((turn) => turn.type)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'tool_results',
      'assistant',
    ]);
  });

  it('compacts on request: at once when idle, before the next model call when busy', async () => {
    harness = await startHarness();
    harness.server
      .when(match.system('summary'), text('## Goal\nSummarised.'))
      .enqueue(text('one '.repeat(100)), call('read_file', { file_path: 'x' }), text('two'));
    const session = harness.session({
      tools: [readFileTool],
      config: { compaction: { keepRecentTokens: 10 } },
    });
    const events = recordEvents(session);
    await session.submit('first '.repeat(100));

    const idle = await session.compact();
    expect(idle).toMatchObject({ ok: true, replacedTurns: 1 });
    expect(session.history.map((turn) => turn.type)).toEqual(['summary', 'assistant']);

    let busy: Promise<unknown> | undefined;
    session.on('tool_call_end', () => {
      busy = session.compact();
    });
    await session.submit('second');
    expect(await busy).toMatchObject({ ok: true });
    const order = kinds(events).filter((kind) =>
      ['tool_call_end', 'compaction_start', 'compaction_end', 'assistant_text_end'].includes(kind),
    );
    expect(order.slice(-4)).toEqual([
      'tool_call_end',
      'compaction_start',
      'compaction_end',
      'assistant_text_end',
    ]);
    expect(ofKind(events, 'compaction_start').map((event) => event.data.reason)).toEqual([
      'manual',
      'manual',
    ]);
  });
});
