import type { FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { ALL, collect, startProviders } from '../parity/providers.test-support.js';
import { Message } from '../types/content.js';
import type { Request } from '../types/request.js';
import type { StreamEvent } from '../types/stream-event.js';
import { StreamAccumulator } from './stream-accumulator.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

const TURN: ScriptedTurn = {
  content: [
    { type: 'reasoning', text: 'Two files to read.', chunks: 4, signature: 'sig-acc' },
    { type: 'text', text: 'Reading both — ünïcödé included.', chunks: 3 },
    {
      type: 'tool_call',
      name: 'read_file',
      arguments: { path: 'a.ts' },
      argumentChunks: 5,
      thoughtSignature: 'sig-a',
      id: 'call_a',
    },
    { type: 'tool_call', name: 'read_file', arguments: { path: 'b.ts' }, argumentChunks: 5, id: 'call_b' },
  ],
  usage: { input: 50, output: 30, reasoning: 10 },
};

const TOOL = {
  name: 'read_file',
  description: 'Reads a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
};

/**
 * A content part without what only the provider's own accumulation can know (a text part's
 * signature, provider item ids), and with Gemini's synthesized call ids (random per response)
 * left out.
 */
function comparable(part: Message['content'][number]): unknown {
  if (part.kind === 'text') return { kind: 'text', text: part.text };
  if (part.kind === 'tool_call') {
    const { rawArguments: _raw, providerItemId: _item, id, ...call } = part.toolCall;
    // Gemini sends no call ids; the adapter makes random ones.
    return {
      kind: 'tool_call',
      toolCall: { ...call, id: id.startsWith('call_') && id.length > 10 ? 'synthesized' : id },
    };
  }
  if (part.kind === 'thinking' || part.kind === 'redacted_thinking') {
    const { providerItemId: _item, ...thinking } = part.thinking;
    // OpenAI's rs_… item ids are fresh per response.
    return { kind: part.kind, thinking };
  }
  return part;
}

describe.each(ALL.map((p) => [p.id, p] as const))('StreamAccumulator on %s', (_id, provider) => {
  it('turns the stream events into the same message complete() returns for the same turn', async () => {
    server.enqueue(TURN, TURN);
    const request: Request = {
      model: provider.model,
      provider: provider.name,
      messages: [Message.user('Read a.ts and b.ts')],
      tools: [TOOL],
      reasoningEffort: 'medium',
    };
    const complete = await client.complete(request);
    const events = await collect(client.stream(request));
    const accumulator = new StreamAccumulator();
    for (const event of events.filter((e) => e.type !== 'finish')) accumulator.process(event);
    const built = accumulator.partialResponse();
    expect(built.message.content.map(comparable)).toEqual(complete.message.content.map(comparable));
    expect(built.provider).toBe(provider.name);
    // With the finish event, the response is the one it carries: complete()'s, field for field
    // (ids aside: each request gets fresh ones).
    accumulator.process(events.at(-1) as StreamEvent);
    const finished = accumulator.response();
    expect(accumulator.finished).toBe(true);
    expect(finished.message.content.map(comparable)).toEqual(complete.message.content.map(comparable));
    for (const field of ['provider', 'model', 'finishReason', 'warnings'] as const) {
      expect(finished[field]).toEqual(complete[field]);
    }
    const { raw: _a, ...streamedUsage } = finished.usage;
    const { raw: _b, ...completedUsage } = complete.usage;
    expect(streamedUsage).toEqual(completedUsage);
  });
});

describe('StreamAccumulator', () => {
  it('keeps a partial response when the stream broke: text so far, a tool call from its deltas', () => {
    const accumulator = new StreamAccumulator();
    const events: StreamEvent[] = [
      { type: 'stream_start', provider: 'anthropic', model: 'claude-sonnet-5-5', id: 'msg_1' },
      { type: 'text_start', textId: '0' },
      { type: 'text_delta', textId: '0', delta: 'Let me ' },
      { type: 'text_delta', textId: '0', delta: 'look.' },
      { type: 'tool_call_start', toolCallId: 'toolu_1', toolName: 'grep' },
      { type: 'tool_call_delta', toolCallId: 'toolu_1', argumentsDelta: '{"pattern":' },
      { type: 'tool_call_delta', toolCallId: 'toolu_1', argumentsDelta: '"TODO"}' },
    ];
    for (const event of events) accumulator.process(event);
    const partial = accumulator.response();
    expect(accumulator.finished).toBe(false);
    expect(accumulator.text).toBe('Let me look.');
    expect(partial).toMatchObject({ id: 'msg_1', provider: 'anthropic', finishReason: { reason: 'other' } });
    expect(partial.message.content).toEqual([
      { kind: 'text', text: 'Let me look.' },
      {
        kind: 'tool_call',
        toolCall: {
          id: 'toolu_1',
          name: 'grep',
          arguments: { pattern: 'TODO' },
          rawArguments: '{"pattern":"TODO"}',
        },
      },
    ]);
  });

  it('keeps segments in the order they started, even when they interleave', () => {
    const accumulator = new StreamAccumulator();
    const events: StreamEvent[] = [
      { type: 'reasoning_start', reasoningId: 'r' },
      { type: 'text_start', textId: 't' },
      { type: 'reasoning_delta', reasoningId: 'r', delta: 'hmm' },
      { type: 'text_delta', textId: 't', delta: 'hi' },
      { type: 'reasoning_end', reasoningId: 'r', signature: 'sig' },
      { type: 'text_end', textId: 't' },
    ];
    for (const event of events) accumulator.process(event);
    expect(accumulator.response().message.content).toEqual([
      { kind: 'thinking', thinking: { text: 'hmm', redacted: false, signature: 'sig' } },
      { kind: 'text', text: 'hi' },
    ]);
  });

  it('marks redacted reasoning as redacted_thinking with its opaque data', () => {
    const accumulator = new StreamAccumulator();
    accumulator.process({ type: 'reasoning_start', reasoningId: 'x' });
    accumulator.process({ type: 'reasoning_end', reasoningId: 'x', signature: 'opaque', redacted: true });
    expect(accumulator.response().message.content).toEqual([
      { kind: 'redacted_thinking', thinking: { text: '', redacted: true, signature: 'opaque' } },
    ]);
  });
});
