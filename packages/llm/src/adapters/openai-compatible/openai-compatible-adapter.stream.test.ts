import type { FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ContextLengthError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  StreamError,
} from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import {
  caught,
  collect,
  collectUntilError,
  eventTypes,
  finishOf,
  startHangingStream,
  startServer,
  textDeltas,
  withoutRaw,
} from '../openai/openai.test-support.js';
import { CHAT_MODEL, compatAdapter } from './openai-compatible.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const ask: Request = {
  model: CHAT_MODEL,
  messages: [Message.user('List the files.')],
  tools: [{ name: 'shell', description: 'Run a command.', parameters: { type: 'object' } }],
};

const richTurn: ScriptedTurn = {
  content: [
    { type: 'reasoning', text: 'Penser aux cafés — 😀 d’abord.', chunks: 4 },
    { type: 'text', text: 'Voilà: ünïcödé 😀, then calls.', chunks: 3 },
    {
      type: 'tool_call',
      name: 'shell',
      arguments: { command: 'ls ~/café' },
      argumentChunks: ['{"com', 'mand":"ls ~/caf', 'é"}'],
    },
    { type: 'tool_call', name: 'shell', arguments: { command: 'pwd' } },
  ],
  usage: { input: 30, cacheRead: 70, output: 12, reasoning: 8 },
};

describe('OpenAICompatibleAdapter.stream()', () => {
  it('yields reasoning, text and tool calls assembled by index, ending in finish with usage from the usage chunk', async () => {
    server.enqueue(richTurn);
    const events = await collect(compatAdapter(server).stream(ask));
    expect(eventTypes(events)).toEqual([
      'stream_start',
      'reasoning_start',
      ...Array(8).fill('reasoning_delta'),
      'reasoning_end',
      'text_start',
      ...Array(10).fill('text_delta'),
      'text_end',
      'tool_call_start',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_start',
      'tool_call_delta',
      'tool_call_end',
      'tool_call_end',
      'finish',
    ]);
    const finish = finishOf(events);
    expect(finish.finishReason).toEqual({ reason: 'tool_calls', raw: 'tool_calls' });
    expect(finish.usage).toMatchObject({
      inputTokens: 100,
      cacheReadTokens: 70,
      outputTokens: 20,
      reasoningTokens: 8,
    });
    expect(Message.toolCalls(finish.response.message).map((c) => c.arguments)).toEqual([
      { command: 'ls ~/café' },
      { command: 'pwd' },
    ]);
    expect(textDeltas(events)).toBe('Voilà: ünïcödé 😀, then calls.');
  });

  it('finishes with the same Response complete() returns for the same turn', async () => {
    const streamed = await startServer({ seed: 3 });
    const whole = await startServer({ seed: 3 });
    try {
      streamed.enqueue(richTurn);
      whole.enqueue(richTurn);
      const fromStream = finishOf(await collect(compatAdapter(streamed).stream(ask))).response;
      const fromComplete = await compatAdapter(whole).complete(ask);
      expect(withoutRaw(fromStream)).toEqual(withoutRaw(fromComplete));
    } finally {
      await streamed.close();
      await whole.close();
    }
  });

  it.each([
    ['every byte', { every: 1 }],
    ['every 5 bytes', { every: 5 }],
    [
      'odd offsets through multi-byte characters',
      { offsets: Array.from({ length: 400 }, (_, i) => 2 * i + 1) },
    ],
  ] as const)(
    'gives the same events and response when the body arrives split at %s',
    async (_label, split) => {
      const plain = await startServer({ seed: 5 });
      const chopped = await startServer({ seed: 5 });
      try {
        plain.enqueue(richTurn);
        chopped.enqueue({ ...richTurn, faults: { split } });
        const whole = await collect(compatAdapter(plain).stream(ask));
        const pieces = await collect(compatAdapter(chopped).stream(ask));
        expect(withoutRaw(pieces)).toEqual(withoutRaw(whole));
      } finally {
        await plain.close();
        await chopped.close();
      }
    },
  );

  it.each([
    ['length', 'max_tokens', { reason: 'length', raw: 'length' }],
    ['content filter', 'content_filter', { reason: 'content_filter', raw: 'content_filter' }],
    ['refusal', 'refusal', { reason: 'content_filter', raw: 'refusal' }],
  ] as const)('maps a %s finish', async (_label, stop, finishReason) => {
    server.enqueue({ content: [{ type: 'text', text: 'Stopped here' }], stop });
    const finish = finishOf(await collect(compatAdapter(server).stream(ask)));
    expect(finish.finishReason).toEqual(finishReason);
    expect(Message.text(finish.response.message)).toBe('Stopped here');
  });

  it('maps the legacy function_call finish reason to tool_calls', async () => {
    server.enqueue({
      content: [{ type: 'tool_call', name: 'shell', arguments: {} }],
      rawStop: { 'openai-chat': 'function_call' },
    });
    expect((await compatAdapter(server).complete(ask)).finishReason).toEqual({
      reason: 'tool_calls',
      raw: 'function_call',
    });
  });

  it('works without the usage chunk for servers that take no stream_options (usage is zero)', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'hi' }] });
    const finish = finishOf(await collect(compatAdapter(server, { name: 'mistral' }).stream(ask)));
    expect(finish.usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    expect(Message.text(finish.response.message)).toBe('hi');
  });

  it.each([
    ['server', ServerError],
    ['rate_limit', RateLimitError],
    ['context_overflow', ContextLengthError],
  ] as const)('an in-stream %s error frame ends the stream with %o', async (kind, ErrorClass) => {
    server.enqueue({
      content: [{ type: 'text', text: 'partial', chunks: 2 }],
      streamError: { kind, afterFrames: 3 },
    });
    const { events, error } = await collectUntilError(compatAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(textDeltas(events)).toBe('part');
  });

  it('a stream closed cleanly without [DONE] is a StreamError (the SDK alone would end quietly)', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 4, mode: 'end' } },
    });
    const { events, error } = await collectUntilError(compatAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
    expect((error as Error).message).toContain('[DONE]');
    expect(textDeltas(events)).toBe('abc');
  });

  it('a stream cut after finish_reason but before [DONE] is still a StreamError', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'ab', chunks: 1 }],
      faults: { cut: { afterFrames: 4, mode: 'end' } },
    });
    const { error } = await collectUntilError(compatAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
  });

  it('a connection reset mid-stream is a StreamError', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 3, mode: 'reset' } },
    });
    const { error } = await collectUntilError(compatAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
  });

  it('a malformed frame is a StreamError', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc' }], faults: { malformed: { beforeFrame: 2 } } });
    const { error } = await collectUntilError(compatAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
    expect((error as Error).message).toContain('not JSON');
  });

  it('a stalled stream fails with RequestTimeoutError after streamIdleTimeoutMs', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow', chunks: 1 }],
      faults: { stall: { afterFrames: 2, ms: 10_000 } },
    });
    const { error } = await collectUntilError(
      compatAdapter(server).stream(ask, { streamIdleTimeoutMs: 200 }),
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
  });

  it('aborting mid-stream ends it with AbortError while the server is still stalling', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'never ends', chunks: 2 }],
      faults: { stall: { afterFrames: 3, ms: 10_000 } },
    });
    const controller = new AbortController();
    const error = await caught(async () => {
      for await (const event of compatAdapter(server).stream(ask, { signal: controller.signal })) {
        if (event.type === 'text_delta') controller.abort();
      }
    });
    expect(error).toBeInstanceOf(AbortError);
    const before = await caught(() => compatAdapter(server).complete(ask, { signal: AbortSignal.abort() }));
    expect(before).toBeInstanceOf(AbortError);
  });

  it.each(['abort', 'idle timeout'] as const)('closes the connection on %s', async (how) => {
    const chunk = {
      id: 'c1',
      model: CHAT_MODEL,
      choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }],
    };
    const hanging = await startHangingStream(`data: ${JSON.stringify(chunk)}\n\n`);
    try {
      const controller = new AbortController();
      const adapter = compatAdapter(server, { baseUrl: `${hanging.url}/v1` });
      const error = await caught(async () => {
        for await (const event of adapter.stream(ask, {
          signal: controller.signal,
          streamIdleTimeoutMs: 200,
        })) {
          if (event.type === 'text_delta' && how === 'abort') controller.abort();
        }
      });
      expect(error).toBeInstanceOf(how === 'abort' ? AbortError : RequestTimeoutError);
      await hanging.closed; // the server sees the socket close (the test times out otherwise)
    } finally {
      await hanging.close();
    }
  });
});
