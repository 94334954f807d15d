import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeModelServer } from '../server/fake-model-server.js';
import { caught, openaiClient } from './sdk-clients.js';

const MODEL = 'gpt-5';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

async function streamEvents(client: OpenAI, extra: Record<string, unknown> = {}) {
  const stream = await client.responses.create({ model: MODEL, input: 'hi', stream: true, ...extra });
  const events: ResponseStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function textDeltas(events: ResponseStreamEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : []));
}

describe('OpenAI Responses through the openai SDK', () => {
  it('streams text in the scripted chunks with typed events ending in response.completed', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello, world!', chunks: ['Hel', 'lo, ', 'world!'] }] });
    const events = await streamEvents(openaiClient(server));
    expect(textDeltas(events)).toEqual(['Hel', 'lo, ', 'world!']);
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  });

  it('gives the same final response through the SDK stream helper and the non-streaming call', async () => {
    const turn = { content: [{ type: 'text' as const, text: 'Same either way.', chunks: 5 }] };
    server.enqueue(turn, turn);
    const client = openaiClient(server);
    const streamed = await client.responses.stream({ model: MODEL, input: 'hi' }).finalResponse();
    const whole = await client.responses.create({ model: MODEL, input: 'hi' });
    for (const response of [streamed, whole]) {
      expect(response.output_text).toBe('Same either way.');
      expect(response.status).toBe('completed');
      expect(response.id).toMatch(/^resp_/);
    }
  });

  it('streams reasoning summaries and returns encrypted content when the request includes it', async () => {
    server.enqueue({
      content: [
        {
          type: 'reasoning',
          text: 'Thinking hard.',
          chunks: ['Thinking ', 'hard.'],
          signature: 'gAAAAenc==',
        },
        { type: 'text', text: 'Answer.' },
      ],
      usage: { input: 10, output: 5, reasoning: 30 },
    });
    const events = await streamEvents(openaiClient(server), {
      include: ['reasoning.encrypted_content'],
      store: false,
    });
    const summary = events.flatMap((e) =>
      e.type === 'response.reasoning_summary_text.delta' ? [e.delta] : [],
    );
    expect(summary).toEqual(['Thinking ', 'hard.']);
    const completed = events.at(-1);
    expect(completed?.type).toBe('response.completed');
    if (completed?.type !== 'response.completed') return;
    expect(completed.response.output[0]).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Thinking hard.' }],
      encrypted_content: 'gAAAAenc==',
    });
    expect(completed.response.usage?.output_tokens_details.reasoning_tokens).toBe(30);
  });

  it('streams function-call arguments that arrive whole, with call_id linking, including empty arguments', async () => {
    server.enqueue({
      content: [
        {
          type: 'tool_call',
          name: 'shell',
          id: 'call_A',
          arguments: { command: 'ls -la', timeout_ms: 5000 },
          argumentChunks: 3,
        },
        { type: 'tool_call', name: 'list_dir', id: 'call_B', arguments: '{}' },
      ],
    });
    const events = await streamEvents(openaiClient(server));
    const added = events.filter((e) => e.type === 'response.output_item.added');
    expect(added.map((e) => e.type === 'response.output_item.added' && e.item.type)).toEqual([
      'function_call',
      'function_call',
    ]);
    const done = events.filter((e) => e.type === 'response.function_call_arguments.done');
    expect(
      done.map((e) => e.type === 'response.function_call_arguments.done' && JSON.parse(e.arguments)),
    ).toEqual([{ command: 'ls -la', timeout_ms: 5000 }, {}]);
    const final = await openaiClient(server)
      .responses.create({ model: MODEL, input: 'hi' })
      .catch((e: unknown) => e);
    expect(final).toBeInstanceOf(Error); // the queue is empty: the server says so instead of inventing an answer
    const completed = events.at(-1);
    if (completed?.type !== 'response.completed') throw new Error('no completion');
    expect(completed.response.output).toMatchObject([
      { type: 'function_call', call_id: 'call_A', name: 'shell', status: 'completed' },
      { type: 'function_call', call_id: 'call_B', name: 'list_dir', arguments: '{}' },
    ]);
  });

  it('counts cached input inside input_tokens and reasoning inside output_tokens', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'x' }],
      usage: { input: 100, cacheRead: 900, output: 20, reasoning: 50 },
    });
    const response = await openaiClient(server).responses.create({ model: MODEL, input: 'hi' });
    expect(response.usage).toMatchObject({
      input_tokens: 1000,
      input_tokens_details: { cached_tokens: 900 },
      output_tokens: 70,
      output_tokens_details: { reasoning_tokens: 50 },
      total_tokens: 1070,
    });
  });

  it.each([
    ['end', 'completed', null, 'response.completed'],
    ['max_tokens', 'incomplete', 'max_output_tokens', 'response.incomplete'],
    ['content_filter', 'incomplete', 'content_filter', 'response.incomplete'],
    ['failed', 'failed', null, 'response.failed'],
  ] as const)('ends a %s turn with status %s (%s) in %s', async (stop, status, reason, terminal) => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], stop });
    const events = await streamEvents(openaiClient(server));
    const last = events.at(-1);
    expect(last?.type).toBe(terminal);
    if (!last || !('response' in last)) throw new Error('no terminal response');
    expect(last.response.status).toBe(status);
    expect(last.response.incomplete_details?.reason ?? null).toBe(reason);
    if (status === 'failed') expect(last.response.error).toMatchObject({ code: 'server_error' });
  });

  it('sends a refusal as a refusal content part', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'I can’t help with that.' }], stop: 'refusal' });
    const response = await openaiClient(server)
      .responses.stream({ model: MODEL, input: 'hi' })
      .finalResponse();
    expect(response.output[0]).toMatchObject({
      type: 'message',
      content: [{ type: 'refusal', refusal: 'I can’t help with that.' }],
    });
  });

  it.each([
    ['context_overflow', 'BadRequestError', 400, 'context_length_exceeded', 'exceeds the context window'],
    ['authentication', 'AuthenticationError', 401, 'invalid_api_key', 'Incorrect API key provided'],
    ['permission', 'PermissionDeniedError', 403, 'model_not_found', 'does not have access'],
    ['not_found', 'NotFoundError', 404, 'model_not_found', 'does not exist'],
    ['request_too_large', 'APIError', 413, null, 'Request too large'],
    ['rate_limit', 'RateLimitError', 429, 'rate_limit_exceeded', 'Rate limit reached'],
    ['quota', 'RateLimitError', 429, 'insufficient_quota', 'exceeded your current quota'],
    ['server', 'InternalServerError', 500, null, 'had an error'],
    ['unavailable', 'InternalServerError', 503, null, 'overloaded'],
  ] as const)(
    'surfaces a scripted %s as the SDK’s %s (%i, code %s)',
    async (kind, className, status, code, text) => {
      server.enqueue({ error: { kind, retryAfterSeconds: 3 } });
      const error = await caught(() => openaiClient(server).responses.create({ model: MODEL, input: 'hi' }));
      expect(error).toBeInstanceOf(OpenAI[className]);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      expect(apiError.status).toBe(status);
      expect(apiError.code ?? null).toBe(code);
      expect(apiError.message).toContain(text);
      expect(apiError.requestID).toMatch(/^req_/);
      expect(apiError.headers?.get('retry-after')).toBe('3');
    },
  );

  it('raises the SDK’s APIError for an error event in the middle of a stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abc' }],
      streamError: { kind: 'server', afterFrames: 4 },
    });
    const error = await caught(() => streamEvents(openaiClient(server)));
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain('had an error');
  });

  it('fails, rather than hangs, when the connection is cut mid-stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 6 } },
    });
    const error = await caught(() =>
      openaiClient(server).responses.stream({ model: MODEL, input: 'hi' }).finalResponse(),
    );
    expect((error as Error).message).toBe('terminated');
  });

  it('lets a stream that closes before its terminal event end with the response still in_progress', async () => {
    // The SDK does not treat this as an error; a client must check for response.completed itself.
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 6, mode: 'end' } },
    });
    const response = await openaiClient(server)
      .responses.stream({ model: MODEL, input: 'hi' })
      .finalResponse();
    expect(response.status).toBe('in_progress');
    expect(response.output_text).toBe('ab');
  });

  it('turns a stall into an error once the caller’s deadline passes', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow' }],
      faults: { stall: { afterFrames: 3, ms: 10_000 } },
    });
    const error = await caught(() =>
      openaiClient(server)
        .responses.stream({ model: MODEL, input: 'hi' }, { signal: AbortSignal.timeout(300) })
        .finalResponse(),
    );
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
  });

  it('raises an error for a malformed frame', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc' }], faults: { malformed: { beforeFrame: 3 } } });
    expect(await caught(() => streamEvents(openaiClient(server)))).toBeInstanceOf(Error);
  });

  it('yields the same events when frames are split at every byte, inside multi-byte characters too', async () => {
    const text = 'naïve café — ünïcödé 😀';
    server.enqueue(
      { content: [{ type: 'text', text, chunks: 4 }], faults: { split: { every: 1 } } },
      { content: [{ type: 'text', text, chunks: 4 }] },
    );
    const client = openaiClient(server);
    const split = textDeltas(await streamEvents(client));
    expect(split.join('')).toBe(text);
    expect(split).toEqual(textDeltas(await streamEvents(client)));
  });

  it('is retried by the SDK on 429 when the SDK’s own retries are on', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterMs: 5 } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const response = await openaiClient(server, { maxRetries: 2 }).responses.create({
      model: MODEL,
      input: 'hi',
    });
    expect(response.output_text).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('records the request and a neutral view of instructions, items, calls and outputs', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await openaiClient(server).responses.create({
      model: MODEL,
      instructions: 'Be brief.',
      tools: [
        { type: 'function', name: 'shell', parameters: { type: 'object', properties: {} }, strict: false },
      ],
      input: [
        { role: 'user', content: 'run ls' },
        { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{"command":"ls"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'a.txt' },
      ],
    });
    expect(server.requests[0]?.view).toEqual({
      system: 'Be brief.',
      tools: ['shell'],
      messages: [
        { role: 'user', text: 'run ls', reasoning: '', toolCalls: [], toolResults: [], images: 0 },
        {
          role: 'assistant',
          text: '',
          reasoning: '',
          toolCalls: [{ id: 'call_1', name: 'shell', arguments: { command: 'ls' } }],
          toolResults: [],
          images: 0,
        },
        {
          role: 'tool',
          text: '',
          reasoning: '',
          toolCalls: [],
          toolResults: [{ id: 'call_1', name: undefined, content: 'a.txt', isError: false }],
          images: 0,
        },
      ],
    });
  });
});
