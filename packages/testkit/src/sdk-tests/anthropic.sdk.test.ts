import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeModelServer } from '../server/fake-model-server.js';
import { anthropicClient, caught } from './sdk-clients.js';

const MODEL = 'claude-sonnet-5-5';
const USER = [{ role: 'user' as const, content: 'hi' }];

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

async function streamEvents(client: Anthropic, extra: Partial<Anthropic.MessageCreateParamsStreaming> = {}) {
  const stream = await client.messages.create({
    model: MODEL,
    max_tokens: 1024,
    messages: USER,
    stream: true,
    ...extra,
  });
  const events: Anthropic.RawMessageStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function textDeltas(events: Anthropic.RawMessageStreamEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'content_block_delta' && e.delta.type === 'text_delta' ? [e.delta.text] : [],
  );
}

describe('Anthropic Messages through @anthropic-ai/sdk', () => {
  it('streams text in the scripted chunks, with ping skipped and the event order of the real API', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello, world!', chunks: ['Hel', 'lo, ', 'world!'] }] });
    const events = await streamEvents(anthropicClient(server));
    expect(textDeltas(events)).toEqual(['Hel', 'lo, ', 'world!']);
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('assembles the same message in the SDK stream helper and in the non-streaming call', async () => {
    const turn = { content: [{ type: 'text' as const, text: 'Two ways, one answer.', chunks: 4 }] };
    server.enqueue(turn, turn);
    const client = anthropicClient(server);
    const streamed = await client.messages
      .stream({ model: MODEL, max_tokens: 100, messages: USER })
      .finalMessage();
    const whole = await client.messages.create({ model: MODEL, max_tokens: 100, messages: USER });
    for (const message of [streamed, whole]) {
      expect(message.content).toMatchObject([{ type: 'text', text: 'Two ways, one answer.' }]);
      expect(message.stop_reason).toBe('end_turn');
      expect(message.id).toMatch(/^msg_01/);
      expect(message.model).toBe(MODEL);
    }
  });

  it('delivers thinking with its signature, then text', async () => {
    server.enqueue({
      content: [
        {
          type: 'reasoning',
          text: 'Let me think about it.',
          chunks: ['Let me ', 'think about it.'],
          signature: 'sig-abc==',
        },
        { type: 'text', text: 'Done.' },
      ],
    });
    const events = await streamEvents(anthropicClient(server));
    const thinking = events.flatMap((e) =>
      e.type === 'content_block_delta' && e.delta.type === 'thinking_delta' ? [e.delta.thinking] : [],
    );
    const signatures = events.flatMap((e) =>
      e.type === 'content_block_delta' && e.delta.type === 'signature_delta' ? [e.delta.signature] : [],
    );
    expect(thinking).toEqual(['Let me ', 'think about it.']);
    expect(signatures).toEqual(['sig-abc==']);

    server.enqueue({
      content: [
        { type: 'reasoning', text: 'Hmm.', signature: 'sig-2' },
        { type: 'text', text: 'Ok' },
      ],
    });
    const final = await anthropicClient(server)
      .messages.stream({ model: MODEL, max_tokens: 100, messages: USER })
      .finalMessage();
    expect(final.content[0]).toEqual({ type: 'thinking', thinking: 'Hmm.', signature: 'sig-2' });
  });

  it('delivers redacted thinking whole in its block start', async () => {
    server.enqueue({ content: [{ type: 'reasoning', text: '', redacted: true, signature: 'opaque-data' }] });
    const message = await anthropicClient(server).messages.create({
      model: MODEL,
      max_tokens: 100,
      messages: USER,
    });
    expect(message.content[0]).toEqual({ type: 'redacted_thinking', data: 'opaque-data' });
  });

  it('streams tool-call arguments in pieces that the SDK assembles whole, including a call with no arguments', async () => {
    server.enqueue({
      content: [
        { type: 'text', text: 'Reading.' },
        {
          type: 'tool_call',
          name: 'read_file',
          id: 'toolu_01A',
          arguments: '{"file_path": "src/ä.ts", "limit": 20}',
          argumentChunks: ['{"file_pa', 'th": "src/', 'ä.ts", "li', 'mit": 20}'],
        },
        { type: 'tool_call', name: 'list_dir', id: 'toolu_01B', arguments: '' },
      ],
    });
    const message = await anthropicClient(server)
      .messages.stream({ model: MODEL, max_tokens: 100, messages: USER })
      .finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content.slice(1)).toEqual([
      { type: 'tool_use', id: 'toolu_01A', name: 'read_file', input: { file_path: 'src/ä.ts', limit: 20 } },
      { type: 'tool_use', id: 'toolu_01B', name: 'list_dir', input: {} },
    ]);
  });

  it('reports usage with cached input apart and thinking inside output', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'x', signature: 's' },
        { type: 'text', text: 'y' },
      ],
      usage: { input: 100, cacheRead: 2000, cacheWrite: 300, output: 40, reasoning: 25 },
    });
    const message = await anthropicClient(server)
      .messages.stream({ model: MODEL, max_tokens: 100, messages: USER })
      .finalMessage();
    expect(message.usage).toMatchObject({
      input_tokens: 100,
      cache_read_input_tokens: 2000,
      cache_creation_input_tokens: 300,
      output_tokens: 65,
      output_tokens_details: { thinking_tokens: 25 },
    });
  });

  it.each([
    ['end', 'end_turn'],
    ['tool_calls', 'tool_use'],
    ['max_tokens', 'max_tokens'],
    ['stop_sequence', 'stop_sequence'],
    ['refusal', 'refusal'],
    ['pause_turn', 'pause_turn'],
    ['context_window_exceeded', 'model_context_window_exceeded'],
  ] as const)('maps stop %s to stop_reason %s', async (stop, expected) => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], stop, stopSequence: '###' });
    const message = await anthropicClient(server)
      .messages.stream({ model: MODEL, max_tokens: 100, messages: USER })
      .finalMessage();
    expect(message.stop_reason).toBe(expected);
    expect(message.stop_sequence).toBe(expected === 'stop_sequence' ? '###' : null);
    if (expected === 'refusal') expect(message.stop_details).toMatchObject({ type: 'refusal' });
  });

  it.each([
    ['context_overflow', 'BadRequestError', 400, 'prompt is too long'],
    ['authentication', 'AuthenticationError', 401, 'invalid x-api-key'],
    ['billing', 'PaymentRequiredError', 402, 'credit balance'],
    ['permission', 'PermissionDeniedError', 403, 'permission'],
    ['not_found', 'NotFoundError', 404, 'model:'],
    ['request_too_large', 'ContentTooLargeError', 413, 'maximum allowed number of bytes'],
    ['rate_limit', 'RateLimitError', 429, 'rate limit'],
    ['server', 'InternalServerError', 500, 'Internal server error'],
    ['unavailable', 'ServiceUnavailableError', 503, 'unavailable'],
    ['overloaded', 'OverloadedError', 529, 'Overloaded'],
  ] as const)(
    'surfaces a scripted %s as the SDK’s %s with status %i',
    async (kind, className, status, text) => {
      server.enqueue({ error: { kind, retryAfterSeconds: 7 } });
      const error = await caught(() =>
        anthropicClient(server).messages.create({ model: MODEL, max_tokens: 10, messages: USER }),
      );
      expect(error).toBeInstanceOf(Anthropic[className]);
      const apiError = error as InstanceType<typeof Anthropic.APIError>;
      expect(apiError.status).toBe(status);
      expect(apiError.message).toContain(text);
      expect(apiError.requestID).toMatch(/^req_/);
      expect(apiError.headers?.get('retry-after')).toBe('7');
      expect(apiError.error).toMatchObject({
        type: 'error',
        error: { message: expect.stringContaining(text) },
      });
    },
  );

  it('raises the SDK’s APIError for an error event in the middle of a stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'partial answer' }],
      streamError: { kind: 'overloaded', afterFrames: 3 },
    });
    const seen: string[] = [];
    const error = await caught(async () => {
      for await (const event of await anthropicClient(server).messages.create({
        model: MODEL,
        max_tokens: 10,
        messages: USER,
        stream: true,
      })) {
        seen.push(event.type);
      }
    });
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as Error).message).toContain('Overloaded');
    expect(seen[0]).toBe('message_start');
  });

  it('fails, rather than hangs, when the connection is cut mid-stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 4 } },
    });
    const error = await caught(() =>
      anthropicClient(server)
        .messages.stream({ model: MODEL, max_tokens: 10, messages: USER })
        .finalMessage(),
    );
    expect(error).toBeInstanceOf(Error);
  });

  it('fails when the stream ends cleanly before message_stop', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abc' }],
      faults: { cut: { afterFrames: 3, mode: 'end' } },
    });
    const error = await caught(() =>
      anthropicClient(server)
        .messages.stream({ model: MODEL, max_tokens: 10, messages: USER })
        .finalMessage(),
    );
    expect((error as Error).message).toMatch(/stream ended without producing a Message|message_stop|ended/i);
  });

  it('turns a stall into an error once the caller’s deadline passes, not a hang', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow' }],
      faults: { stall: { afterFrames: 2, ms: 10_000 } },
    });
    const error = await caught(() =>
      anthropicClient(server)
        .messages.stream(
          { model: MODEL, max_tokens: 10, messages: USER },
          { signal: AbortSignal.timeout(300) },
        )
        .finalMessage(),
    );
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
  });

  it('raises an error for a malformed frame', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc' }], faults: { malformed: { beforeFrame: 2 } } });
    const error = await caught(() => streamEvents(anthropicClient(server)));
    expect(error).toBeInstanceOf(Error);
  });

  it('yields the same events when frames are split across TCP writes at every byte, inside multi-byte characters too', async () => {
    const text = 'héllo wörld — 你好 🌍';
    server.enqueue(
      { content: [{ type: 'text', text, chunks: 3 }], faults: { split: { every: 1 } } },
      { content: [{ type: 'text', text, chunks: 3 }] },
    );
    const client = anthropicClient(server);
    const split = textDeltas(await streamEvents(client));
    const whole = textDeltas(await streamEvents(client));
    expect(split.join('')).toBe(text);
    expect(split).toEqual(whole);
  });

  it('accepts the key as x-api-key or as Authorization: Bearer, and rejects a wrong key with 401', async () => {
    await server.close();
    server = await FakeModelServer.start({
      apiKey: 'right-key',
      turns: [{ content: [{ type: 'text', text: 'ok' }] }],
    });
    const bearer = await anthropicClient(server, { apiKey: 'right-key' }).messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: USER,
    });
    expect(bearer.content[0]).toMatchObject({ text: 'ok' });
    expect(server.lastRequest?.headers.authorization).toBe('Bearer right-key');

    server.enqueue({ content: [{ type: 'text', text: 'ok too' }] });
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': 'right-key',
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({ model: MODEL, max_tokens: 10, messages: USER }),
    });
    expect(response.status).toBe(200);

    const error = await caught(() =>
      anthropicClient(server, { apiKey: 'wrong' }).messages.create({
        model: MODEL,
        max_tokens: 10,
        messages: USER,
      }),
    );
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('is retried by the SDK on 529 when the SDK’s own retries are on', async () => {
    server.enqueue(
      { error: { kind: 'overloaded', retryAfterMs: 5 } },
      { content: [{ type: 'text', text: 'recovered' }] },
    );
    const message = await anthropicClient(server, { maxRetries: 2 }).messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: USER,
    });
    expect(message.content[0]).toMatchObject({ text: 'recovered' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
  });

  it('records the request: path, headers, parsed body and a provider-neutral view', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await anthropicClient(server).messages.create({
      model: MODEL,
      max_tokens: 10,
      system: 'Be brief.',
      tools: [{ name: 'read_file', description: 'Reads', input_schema: { type: 'object', properties: {} } }],
      messages: USER,
    });
    const request = server.requests[0];
    expect(request).toMatchObject({
      protocol: 'anthropic',
      method: 'POST',
      path: '/v1/messages',
      model: MODEL,
      stream: false,
      body: { max_tokens: 10 },
      view: { system: 'Be brief.', tools: ['read_file'], messages: [{ role: 'user', text: 'hi' }] },
    });
    expect(request?.headers['anthropic-version']).toBeDefined();
  });
});
