import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeModelServer } from '../server/fake-model-server.js';
import { caught, openaiClient } from './sdk-clients.js';

const MODEL = 'gpt-4.1';
const MESSAGES = [{ role: 'user' as const, content: 'hi' }];

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

async function chunks(client: OpenAI, extra: Record<string, unknown> = {}) {
  const stream = await client.chat.completions.create({
    model: MODEL,
    messages: MESSAGES,
    stream: true,
    ...extra,
  });
  const all: ChatCompletionChunk[] = [];
  for await (const chunk of stream) all.push(chunk);
  return all;
}

function contentDeltas(all: ChatCompletionChunk[]): string[] {
  return all.flatMap((c) => {
    const content = c.choices[0]?.delta.content;
    return content ? [content] : [];
  });
}

describe('OpenAI Chat Completions through the openai SDK', () => {
  it('streams text in the scripted chunks as data-only frames ending in [DONE]', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello, world!', chunks: ['Hel', 'lo, ', 'world!'] }] });
    const all = await chunks(openaiClient(server));
    expect(contentDeltas(all)).toEqual(['Hel', 'lo, ', 'world!']);
    expect(all[0]?.choices[0]?.delta).toMatchObject({ role: 'assistant', content: '' });
    expect(all.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(all.every((c) => c.object === 'chat.completion.chunk' && c.id === all[0]?.id)).toBe(true);
  });

  it('sends the usage chunk only when stream_options.include_usage asks for it', async () => {
    const turn = {
      content: [{ type: 'text' as const, text: 'x' }],
      usage: { input: 50, cacheRead: 30, output: 7, reasoning: 4 },
    };
    server.enqueue(turn, turn);
    const withUsage = await chunks(openaiClient(server), { stream_options: { include_usage: true } });
    const last = withUsage.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({
      prompt_tokens: 80,
      prompt_tokens_details: { cached_tokens: 30 },
      completion_tokens: 11,
      completion_tokens_details: { reasoning_tokens: 4 },
      total_tokens: 91,
    });
    const without = await chunks(openaiClient(server));
    expect(without.some((c) => c.usage)).toBe(false);
  });

  it('streams parallel tool calls by index with their arguments in pieces that join whole', async () => {
    server.enqueue({
      content: [
        {
          type: 'tool_call',
          name: 'read_file',
          id: 'call_1',
          arguments: { file_path: 'a.ts' },
          argumentChunks: 4,
        },
        {
          type: 'tool_call',
          name: 'read_file',
          id: 'call_2',
          arguments: { file_path: 'b.ts' },
          argumentChunks: 4,
        },
        { type: 'tool_call', name: 'list_dir', id: 'call_3', arguments: '' },
      ],
    });
    const completion = await openaiClient(server)
      .chat.completions.stream({ model: MODEL, messages: MESSAGES })
      .finalChatCompletion();
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(
      choice?.message.tool_calls?.map(
        (c) => c.type === 'function' && [c.id, c.function.name, c.function.arguments],
      ),
    ).toEqual([
      ['call_1', 'read_file', '{"file_path":"a.ts"}'],
      ['call_2', 'read_file', '{"file_path":"b.ts"}'],
      ['call_3', 'list_dir', ''],
    ]);
  });

  it('answers a non-streaming request with the same content', async () => {
    server.enqueue({
      content: [
        { type: 'text', text: 'Calling.' },
        { type: 'tool_call', name: 'shell', id: 'call_9', arguments: { command: 'pwd' } },
      ],
    });
    const completion = await openaiClient(server).chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]?.message).toMatchObject({
      role: 'assistant',
      content: 'Calling.',
      tool_calls: [
        { id: 'call_9', type: 'function', function: { name: 'shell', arguments: '{"command":"pwd"}' } },
      ],
    });
  });

  it('streams reasoning in reasoning_content, as OpenAI-compatible servers do', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'Think.', chunks: 2 },
        { type: 'text', text: 'Done.' },
      ],
    });
    const all = await chunks(openaiClient(server));
    const reasoning = all.flatMap((c) => {
      const delta = c.choices[0]?.delta as { reasoning_content?: string } | undefined;
      return delta?.reasoning_content ? [delta.reasoning_content] : [];
    });
    expect(reasoning).toEqual(['Th', 'in', 'k.']);
  });

  it.each([
    ['end', 'stop'],
    ['tool_calls', 'tool_calls'],
    ['max_tokens', 'length'],
    ['content_filter', 'content_filter'],
  ] as const)('maps stop %s to finish_reason %s', async (stop, reason) => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], stop });
    const completion = await openaiClient(server).chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
    });
    expect(completion.choices[0]?.finish_reason).toBe(reason);
  });

  it('passes a provider’s own finish reason through (the legacy function_call)', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], rawStop: { 'openai-chat': 'function_call' } });
    const all = await chunks(openaiClient(server));
    expect(all.at(-1)?.choices[0]?.finish_reason).toBe('function_call');
  });

  it('sends a refusal in message.refusal', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'No.' }], stop: 'refusal' });
    const completion = await openaiClient(server).chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
    });
    expect(completion.choices[0]?.message).toMatchObject({ content: null, refusal: 'No.' });
  });

  it.each([
    ['context_overflow', 'BadRequestError', 400, 'context_length_exceeded', 'maximum context length'],
    ['authentication', 'AuthenticationError', 401, 'invalid_api_key', 'Incorrect API key'],
    ['rate_limit', 'RateLimitError', 429, 'rate_limit_exceeded', 'Rate limit reached'],
    ['server', 'InternalServerError', 500, null, 'had an error'],
  ] as const)(
    'surfaces a scripted %s as the SDK’s %s (%i, code %s)',
    async (kind, className, status, code, text) => {
      server.enqueue({ error: { kind } });
      const error = await caught(() =>
        openaiClient(server).chat.completions.create({ model: MODEL, messages: MESSAGES }),
      );
      expect(error).toBeInstanceOf(OpenAI[className]);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      expect(apiError.status).toBe(status);
      expect(apiError.code ?? null).toBe(code);
      expect(apiError.message).toContain(text);
      if (kind === 'context_overflow') expect(apiError.param).toBe('messages');
    },
  );

  it('raises the SDK’s APIError for an error object in the middle of a stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abc', chunks: 1 }],
      streamError: { kind: 'server', afterFrames: 2 },
    });
    const error = await caught(() => chunks(openaiClient(server)));
    expect(error).toBeInstanceOf(OpenAI.APIError);
  });

  it('fails, rather than hangs, when the connection is cut; a clean close without [DONE] just ends the stream', async () => {
    server.enqueue(
      { content: [{ type: 'text', text: 'abcdef', chunks: 1 }], faults: { cut: { afterFrames: 3 } } },
      {
        content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
        faults: { cut: { afterFrames: 3, mode: 'end' } },
      },
    );
    const client = openaiClient(server);
    expect(await caught(() => chunks(client))).toBeInstanceOf(Error);
    const ended = await chunks(client);
    expect(ended.at(-1)?.choices[0]?.finish_reason ?? null).toBeNull();
  });

  it('turns a stall into an error once the caller’s deadline passes', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow' }],
      faults: { stall: { afterFrames: 1, ms: 10_000 } },
    });
    const error = await caught(() =>
      openaiClient(server)
        .chat.completions.stream({ model: MODEL, messages: MESSAGES }, { signal: AbortSignal.timeout(300) })
        .finalChatCompletion(),
    );
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
  });

  it('raises an error for a malformed frame', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc' }], faults: { malformed: { beforeFrame: 1 } } });
    expect(await caught(() => chunks(openaiClient(server)))).toBeInstanceOf(Error);
  });

  it('yields the same chunks when frames are split at arbitrary offsets, inside multi-byte characters too', async () => {
    const text = 'Grüße aus Köln — 東京 🚀';
    server.enqueue(
      {
        content: [{ type: 'text', text, chunks: 2 }],
        faults: { split: { offsets: [1, 5, 17, 40, 41, 42, 99, 150, 151, 300] } },
      },
      { content: [{ type: 'text', text, chunks: 2 }], faults: { split: { every: 3 } } },
      { content: [{ type: 'text', text, chunks: 2 }] },
    );
    const client = openaiClient(server);
    const a = contentDeltas(await chunks(client));
    const b = contentDeltas(await chunks(client));
    const c = contentDeltas(await chunks(client));
    expect(a.join('')).toBe(text);
    expect(a).toEqual(c);
    expect(b).toEqual(c);
  });

  it('is retried by the SDK on 429 when the SDK’s own retries are on', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterMs: 5 } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const completion = await openaiClient(server, { maxRetries: 1 }).chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
    });
    expect(completion.choices[0]?.message.content).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('routes any path ending in /chat/completions, for OpenAI-compatible servers with other prefixes', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'compatible' }] });
    const client = new OpenAI({ apiKey: 'x', baseURL: `${server.url}/api/openai/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'llama3', messages: MESSAGES });
    expect(completion.choices[0]?.message.content).toBe('compatible');
    expect(server.lastRequest?.path).toBe('/api/openai/v1/chat/completions');
  });
});
