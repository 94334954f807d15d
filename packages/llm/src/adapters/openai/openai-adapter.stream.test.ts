import type { FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ContextLengthError,
  NetworkError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  StreamError,
} from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import {
  caught,
  closedPortUrl,
  collect,
  collectUntilError,
  eventTypes,
  finishOf,
  MODEL,
  openaiAdapter,
  startHangingStream,
  startServer,
  startSilentServer,
  textDeltas,
  withoutRaw,
} from './openai.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const ask: Request = {
  model: MODEL,
  messages: [Message.user('List the files.')],
  tools: [{ name: 'shell', description: 'Run a command.', parameters: { type: 'object' } }],
};

const richTurn: ScriptedTurn = {
  content: [
    { type: 'reasoning', text: 'Think about naïve cafés — 😀 first.', chunks: 5, signature: 'gAAAA-enc' },
    { type: 'text', text: 'Voilà: ünïcödé 😀 text, then calls.', chunks: 3 },
    {
      type: 'tool_call',
      name: 'shell',
      arguments: { command: 'ls -la ~/café' },
      argumentChunks: ['{"comm', 'and":"ls -la', ' ~/caf', 'é"}'],
    },
    { type: 'tool_call', name: 'shell', arguments: '' },
  ],
  usage: { input: 30, cacheRead: 70, output: 12, reasoning: 8 },
};

describe('OpenAIAdapter.stream()', () => {
  it('U4.4 / U4.5 / U4.6: stream_start carries id and model; text deltas concatenate to the response text', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'One two three.', chunks: 4 }],
      model: 'gpt-5.2-2025-12-11',
    });
    const events = await collect(openaiAdapter(server).stream(ask));
    const finish = finishOf(events);
    expect(events[0]).toEqual({
      type: 'stream_start',
      provider: 'openai',
      model: 'gpt-5.2-2025-12-11',
      id: finish.response.id,
    });
    expect(textDeltas(events)).toBe('One two three.');
    expect(Message.text(finish.response.message)).toBe('One two three.');
    const ids = new Set(events.flatMap((e) => ('textId' in e ? [e.textId] : [])));
    expect(ids.size).toBe(1);
    expect(finish).toMatchObject({ finishReason: { reason: 'stop' }, usage: finish.response.usage });
  });

  it('opens a tool call at response.output_item.added, before its argument deltas, and closes it parsed', async () => {
    server.enqueue(richTurn);
    const events = await collect(openaiAdapter(server).stream(ask));
    const calls = events.filter((e) => e.type.startsWith('tool_call_'));
    const [start] = calls;
    expect(start).toEqual({
      type: 'tool_call_start',
      toolCallId: expect.stringMatching(/^call_/),
      toolName: 'shell',
    });
    if (start?.type !== 'tool_call_start') throw new Error('no start');
    const mine = calls.filter(
      (e) =>
        ('toolCallId' in e ? e.toolCallId : e.type === 'tool_call_end' ? e.toolCall.id : '') ===
        start.toolCallId,
    );
    expect(eventTypes(mine)).toEqual([
      'tool_call_start',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_end',
    ]);
    const args = mine.map((e) => (e.type === 'tool_call_delta' ? e.argumentsDelta : '')).join('');
    expect(JSON.parse(args)).toEqual({ command: 'ls -la ~/café' });
    expect(mine.at(-1)).toMatchObject({
      toolCall: { id: start.toolCallId, arguments: { command: 'ls -la ~/café' } },
    });
    // The second call has no arguments at all: still start and end, with {} parsed.
    expect(calls.at(-1)).toMatchObject({
      type: 'tool_call_end',
      toolCall: { name: 'shell', arguments: {}, rawArguments: '' },
    });
    expect(finishOf(events).finishReason).toEqual({ reason: 'tool_calls', raw: 'completed' });
  });

  it('finishes with the same Response complete() returns for the same turn', async () => {
    const streamed = await startServer({ seed: 7 });
    const whole = await startServer({ seed: 7 });
    try {
      streamed.enqueue(richTurn);
      whole.enqueue(richTurn);
      const fromStream = finishOf(await collect(openaiAdapter(streamed).stream(ask))).response;
      const fromComplete = await openaiAdapter(whole).complete(ask);
      expect(withoutRaw(fromStream)).toEqual(withoutRaw(fromComplete));
      expect(fromStream.message.content.map((part) => part.kind)).toEqual([
        'thinking',
        'text',
        'tool_call',
        'tool_call',
      ]);
    } finally {
      await streamed.close();
      await whole.close();
    }
  });

  it.each([
    ['every byte', { every: 1 }],
    ['every 7 bytes', { every: 7 }],
    // Offsets 1–3 bytes into the first '😀' (4 bytes) and the 'ï' (2 bytes) of the frames below.
    ['inside multi-byte characters', { offsets: [0] }],
  ] as const)(
    'gives the same events and response when the body arrives split at %s',
    async (_label, split) => {
      const plain = await startServer({ seed: 11 });
      const chopped = await startServer({ seed: 11 });
      try {
        plain.enqueue(richTurn);
        let faults = split as { every: number } | { offsets: readonly number[] };
        if ('offsets' in split) {
          // Find the byte offsets of multi-byte characters in the real body, then cut inside them.
          const probe = await startServer({ seed: 11 });
          probe.enqueue(richTurn);
          const body = await (
            await fetch(`${probe.baseUrls.openai}/responses`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
              body: JSON.stringify({
                model: MODEL,
                input: 'x',
                stream: true,
                include: ['reasoning.encrypted_content'],
              }),
            })
          ).arrayBuffer();
          await probe.close();
          const bytes = Buffer.from(body);
          const offsets: number[] = [];
          for (let i = 0; i < bytes.length; i++) {
            const byte = bytes[i] ?? 0;
            if (byte >= 0xf0) offsets.push(i + 1, i + 2, i + 3);
            else if (byte >= 0xc0) offsets.push(i + 1);
          }
          expect(offsets.length).toBeGreaterThan(10);
          faults = { offsets };
        }
        chopped.enqueue({ ...richTurn, faults: { split: faults } });
        const request: Request = { ...ask, reasoningEffort: 'low' };
        const whole = await collect(openaiAdapter(plain).stream(request));
        const pieces = await collect(openaiAdapter(chopped).stream(request));
        expect(withoutRaw(pieces)).toEqual(withoutRaw(whole));
        expect(textDeltas(pieces)).toBe('Voilà: ünïcödé 😀 text, then calls.');
      } finally {
        await plain.close();
        await chopped.close();
      }
    },
  );

  it.each([
    ['server', ServerError, { statusCode: 500, retryable: true }],
    ['rate_limit', RateLimitError, { statusCode: 429, errorCode: 'rate_limit_exceeded' }],
    ['context_overflow', ContextLengthError, { errorCode: 'context_length_exceeded', retryable: false }],
  ] as const)('an in-stream %s error event ends the stream with %o', async (kind, ErrorClass, fields) => {
    server.enqueue({
      content: [{ type: 'text', text: 'partial answer', chunks: 3 }],
      streamError: { kind, afterFrames: 5 },
    });
    const { events, error } = await collectUntilError(openaiAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject(fields);
    expect(eventTypes(events)).toContain('text_delta');
  });

  it('a failed response (status failed) ends the stream with the error it reports', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], stop: 'failed' });
    const { error } = await collectUntilError(openaiAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).toContain('The model failed to generate a response.');
    server.enqueue({ stop: 'failed' });
    const whole = await caught(() => openaiAdapter(server).complete(ask));
    expect(whole).toBeInstanceOf(ServerError);
  });

  it.each([
    ['max_tokens', { reason: 'length', raw: 'max_output_tokens' }],
    ['content_filter', { reason: 'content_filter', raw: 'content_filter' }],
    ['refusal', { reason: 'content_filter', raw: 'refusal' }],
  ] as const)('finishes a %s turn with finish reason %o', async (stop, finishReason) => {
    server.enqueue({ content: [{ type: 'text', text: 'I cannot finish' }], stop });
    const finish = finishOf(await collect(openaiAdapter(server).stream(ask)));
    expect(finish.finishReason).toEqual(finishReason);
    expect(Message.text(finish.response.message)).toBe('I cannot finish');
  });

  it('a connection reset mid-stream is a StreamError', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdefgh', chunks: 1 }],
      faults: { cut: { afterFrames: 7, mode: 'reset' } },
    });
    const { events, error } = await collectUntilError(openaiAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
    expect(textDeltas(events)).toBe('abc');
  });

  it('a stream closed cleanly before response.completed is a StreamError (the SDK alone would end quietly)', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdefgh', chunks: 1 }],
      faults: { cut: { afterFrames: 7, mode: 'end' } },
    });
    const { error } = await collectUntilError(openaiAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
    expect((error as Error).message).toContain('terminal event');
  });

  it('a malformed frame is a StreamError', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc' }], faults: { malformed: { beforeFrame: 4 } } });
    const { error } = await collectUntilError(openaiAdapter(server).stream(ask));
    expect(error).toBeInstanceOf(StreamError);
  });

  it('a stalled stream fails with RequestTimeoutError after streamIdleTimeoutMs', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow', chunks: 1 }],
      faults: { stall: { afterFrames: 5, ms: 10_000 } },
    });
    const { events, error } = await collectUntilError(
      openaiAdapter(server).stream(ask, { streamIdleTimeoutMs: 200 }),
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toMatchObject({ retryable: false });
    expect(eventTypes(events)).toContain('text_start');
  });

  it('the idle timeout bounds each gap, not the whole stream: a slow, steady stream completes', async () => {
    // Gaps a tenth of the limit, so a busy machine cannot stretch one past it; the whole stream
    // still lasts longer than the limit.
    server.enqueue({
      content: [{ type: 'text', text: 'steady pace', chunks: 1 }],
      faults: { frameDelayMs: 100 },
    });
    const started = performance.now();
    const events = await collect(openaiAdapter(server).stream(ask, { streamIdleTimeoutMs: 1000 }));
    expect(performance.now() - started).toBeGreaterThan(1000);
    expect(textDeltas(events)).toBe('steady pace');
  });

  it('uses the adapter-wide idle timeout when the call sets none', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow' }],
      faults: { stall: { afterFrames: 2, ms: 10_000 } },
    });
    const { error } = await collectUntilError(
      openaiAdapter(server, { streamIdleTimeoutMs: 200 }).stream(ask),
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
  });

  it('aborting mid-stream ends it with AbortError (promptly, while the server is still stalling)', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'never finishes', chunks: 2 }],
      faults: { stall: { afterFrames: 5, ms: 10_000 } },
    });
    const controller = new AbortController();
    const events: string[] = [];
    const error = await caught(async () => {
      for await (const event of openaiAdapter(server).stream(ask, { signal: controller.signal })) {
        events.push(event.type);
        if (event.type === 'text_delta') controller.abort();
      }
    });
    expect(error).toBeInstanceOf(AbortError);
    expect(events).toContain('text_delta');
  });

  it.each(['abort', 'idle timeout'] as const)('closes the connection on %s', async (how) => {
    const created = {
      type: 'response.created',
      response: { id: 'resp_1', model: MODEL, output: [] },
      sequence_number: 0,
    };
    const hanging = await startHangingStream(`event: response.created\ndata: ${JSON.stringify(created)}\n\n`);
    try {
      const controller = new AbortController();
      const adapter = openaiAdapter(server, { baseUrl: `${hanging.url}/v1` });
      const error = await caught(async () => {
        for await (const event of adapter.stream(ask, {
          signal: controller.signal,
          streamIdleTimeoutMs: 200,
        })) {
          if (event.type === 'stream_start' && how === 'abort') controller.abort();
        }
      });
      expect(error).toBeInstanceOf(how === 'abort' ? AbortError : RequestTimeoutError);
      await hanging.closed; // the server sees the socket close (the test times out otherwise)
    } finally {
      await hanging.close();
    }
  });

  it('an already-aborted signal fails with AbortError', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }] });
    const error = await caught(() =>
      collect(openaiAdapter(server).stream(ask, { signal: AbortSignal.abort() })),
    );
    expect(error).toBeInstanceOf(AbortError);
    const whole = await caught(() => openaiAdapter(server).complete(ask, { signal: AbortSignal.abort() }));
    expect(whole).toBeInstanceOf(AbortError);
  });

  it('a consumer that stops early leaves nothing hanging', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'long answer', chunks: 1 }],
      faults: { stall: { afterFrames: 6, ms: 10_000 } },
    });
    for await (const event of openaiAdapter(server).stream(ask)) {
      if (event.type === 'text_delta') break;
    }
    server.enqueue({ content: [{ type: 'text', text: 'next' }] });
    expect(Message.text((await openaiAdapter(server).complete(ask)).message)).toBe('next');
  });

  it('no response headers within requestTimeoutMs is a RequestTimeoutError', async () => {
    const silent = await startSilentServer();
    try {
      const adapter = openaiAdapter(server, { baseUrl: `${silent.url}/v1` });
      const streamed = await caught(() => collect(adapter.stream(ask, { requestTimeoutMs: 200 })));
      expect(streamed).toBeInstanceOf(RequestTimeoutError);
      const whole = await caught(() => adapter.complete(ask, { requestTimeoutMs: 200 }));
      expect(whole).toBeInstanceOf(RequestTimeoutError);
    } finally {
      await silent.close();
    }
  });

  it('a refused connection is a NetworkError', async () => {
    const adapter = openaiAdapter(server, { baseUrl: `${await closedPortUrl()}/v1` });
    expect(await caught(() => adapter.complete(ask))).toBeInstanceOf(NetworkError);
    expect(await caught(() => collect(adapter.stream(ask)))).toBeInstanceOf(NetworkError);
  });
});
