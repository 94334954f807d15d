import type { ScriptedTurn, StreamFaults } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { Message } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { collect, finishOf, startGemini } from './gemini-adapter.test-support.js';

const MODEL = 'gemini-2.5-flash';
// Reasoning effort asks for thought summaries, so the reasoning below is streamed too.
const REQUEST: Request = { model: MODEL, messages: [Message.user('hi')], reasoningEffort: 'medium' };

const TURN: ScriptedTurn = {
  content: [
    { type: 'reasoning', text: 'Réfléchissons… 🤔 un peu.', chunks: 4, signature: 'c2lnLXN0cmVhbQ==' },
    { type: 'text', text: 'Ça va? — 日本語 👍 fine.', chunks: 3 },
    { type: 'tool_call', name: 'read_file', arguments: { path: 'naïve.ts' } },
    { type: 'tool_call', name: 'list_dir', arguments: {} },
  ],
  usage: { input: 30, cacheRead: 10, output: 12, reasoning: 50 },
};

/** Streams `turn` from a fresh server, so its response ids match any other fresh server's. */
async function streamed(turn: ScriptedTurn, request: Request = REQUEST): Promise<StreamEvent[]> {
  const { server, adapter } = await startGemini();
  try {
    server.enqueue(turn);
    return await collect(adapter.stream(request));
  } finally {
    await server.close();
  }
}

/** The bytes the fake server sends for `turn`, read with plain fetch from a fresh server. */
async function wireBytes(turn: ScriptedTurn): Promise<Buffer> {
  const { server } = await startGemini();
  try {
    server.enqueue(turn);
    const response = await fetch(`${server.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        generationConfig: { thinkingConfig: { includeThoughts: true } },
      }),
    });
    return Buffer.from(await response.arrayBuffer());
  } finally {
    await server.close();
  }
}

describe('Gemini adapter: stream()', () => {
  it('U2.4 yields typed events: stream_start, reasoning and text start/delta/end, whole tool calls, then finish', async () => {
    const events = await streamed(TURN);
    const finish = finishOf(events);
    const [first, second] = Message.toolCalls(finish.response.message);
    expect(events).toEqual([
      { type: 'stream_start', provider: 'gemini', model: MODEL, id: finish.response.id },
      { type: 'reasoning_start', reasoningId: 'reasoning_0' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 'Réfl' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 'échi' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 'sson' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 's… 🤔' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: ' un ' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 'peu.' },
      { type: 'reasoning_end', reasoningId: 'reasoning_0' },
      { type: 'text_start', textId: 'text_0' },
      { type: 'text_delta', textId: 'text_0', delta: 'Ça ' },
      { type: 'text_delta', textId: 'text_0', delta: 'va?' },
      { type: 'text_delta', textId: 'text_0', delta: ' — ' },
      { type: 'text_delta', textId: 'text_0', delta: '日本語' },
      { type: 'text_delta', textId: 'text_0', delta: ' 👍 ' },
      { type: 'text_delta', textId: 'text_0', delta: 'fin' },
      { type: 'text_delta', textId: 'text_0', delta: 'e.' },
      { type: 'text_end', textId: 'text_0' },
      { type: 'tool_call_start', toolCallId: first?.id, toolName: 'read_file' },
      { type: 'tool_call_delta', toolCallId: first?.id, argumentsDelta: '{"path":"naïve.ts"}' },
      { type: 'tool_call_end', toolCall: first },
      { type: 'tool_call_start', toolCallId: second?.id, toolName: 'list_dir' },
      { type: 'tool_call_delta', toolCallId: second?.id, argumentsDelta: '{}' },
      { type: 'tool_call_end', toolCall: second },
      finish,
    ]);
    expect(finish.response.message.content).toEqual([
      { kind: 'thinking', thinking: { text: 'Réfléchissons… 🤔 un peu.', redacted: false } },
      // Gemini puts the reasoning's signature on the part after it: here the text.
      { kind: 'text', text: 'Ça va? — 日本語 👍 fine.', signature: 'c2lnLXN0cmVhbQ==' },
      { kind: 'tool_call', toolCall: first },
      { kind: 'tool_call', toolCall: second },
    ]);
    expect(finish.finishReason).toEqual({ reason: 'tool_calls', raw: 'STOP' });
    expect(finish.usage).toMatchObject({
      inputTokens: 40,
      cacheReadTokens: 10,
      outputTokens: 62,
      reasoningTokens: 50,
      totalTokens: 102,
    });
  });

  it('ends with a finish whose Response equals what complete() returns for the same answer', async () => {
    const events = await streamed(TURN);
    const { server, adapter } = await startGemini();
    try {
      server.enqueue(TURN);
      const completed = await adapter.complete(REQUEST);
      const { response } = finishOf(events);
      // `raw` differs by nature: the whole body for complete(), the last chunk for a stream.
      expect({ ...response, raw: undefined }).toEqual({ ...completed, raw: undefined });
    } finally {
      await server.close();
    }
  });

  it('joins text deltas into the full text, and keeps a trailing empty part that only carries a signature', async () => {
    const events = await streamed({
      content: [
        { type: 'text', text: 'Hello there, friend.', chunks: 5 },
        { type: 'reasoning', text: '', signature: 'dGFpbC1zaWc=' },
      ],
    });
    const deltas = events.flatMap((e) => (e.type === 'text_delta' ? [e.delta] : []));
    const { response } = finishOf(events);
    expect(deltas.join('')).toBe('Hello there, friend.');
    expect(response.message.content).toEqual([
      { kind: 'text', text: 'Hello there, friend.' },
      { kind: 'text', text: '', signature: 'dGFpbC1zaWc=' },
    ]);
    // The empty part produces no text events of its own.
    expect(events.filter((e) => e.type === 'text_start')).toHaveLength(1);
  });

  it('streams an empty answer as stream_start and finish', async () => {
    const events = await streamed({ content: [] });
    expect(events.map((e) => e.type)).toEqual(['stream_start', 'finish']);
    expect(finishOf(events).response.message.content).toEqual([]);
    expect(finishOf(events).finishReason).toEqual({ reason: 'stop', raw: 'STOP' });
  });

  describe('split at arbitrary byte offsets', () => {
    it.each<[string, StreamFaults['split']]>([
      ['every byte', { every: 1 }],
      ['every 5 bytes', { every: 5 }],
      ['every 64 bytes', { every: 64 }],
    ])('gives exactly the same events and final response when split at %s', async (_label, split) => {
      const whole = await streamed(TURN);
      const pieces = await streamed({ ...TURN, faults: { split } });
      expect(pieces).toEqual(whole);
    });

    it('gives the same events when cut between CR and LF, inside the frame end, and inside multi-byte characters', async () => {
      const bytes = await wireBytes(TURN);
      const frameEnd = bytes.indexOf('\r\n\r\n');
      const emoji = bytes.indexOf(Buffer.from('👍'));
      const kanji = bytes.indexOf(Buffer.from('日本語'));
      const ellipsis = bytes.indexOf(Buffer.from('…'));
      expect([frameEnd, emoji, kanji, ellipsis].every((offset) => offset > 0)).toBe(true);
      const offsets = [
        frameEnd + 1, // between \r and \n
        frameEnd + 3, // between the second \r and \n
        ellipsis + 1,
        ellipsis + 2,
        kanji + 1,
        kanji + 4,
        emoji + 1,
        emoji + 3, // inside the 4-byte emoji
      ];
      const whole = await streamed(TURN);
      const pieces = await streamed({ ...TURN, faults: { split: { offsets } } });
      expect(pieces).toEqual(whole);
    });
  });
});
