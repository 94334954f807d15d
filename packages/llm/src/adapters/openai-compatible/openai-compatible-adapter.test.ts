import type { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AccessDeniedError,
  AuthenticationError,
  ConfigurationError,
  ContextLengthError,
  InvalidRequestError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
} from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import { caught, collect, eventTypes, finishOf, startServer } from '../openai/openai.test-support.js';
import {
  CHAT_MODEL,
  compatAdapter,
  recordedMessages,
  sseBody,
  startCannedServer,
} from './openai-compatible.test-support.js';
import { OpenAICompatibleAdapter } from './openai-compatible-adapter.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const hello: Request = { model: CHAT_MODEL, messages: [Message.user('Say hello.')] };

describe('OpenAICompatibleAdapter: Chat Completions (spec U2 where it applies)', () => {
  it('U2.1 posts to <baseUrl>/chat/completions under whatever prefix the server uses', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello.' }] });
    await compatAdapter(server).complete(hello);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/chat/completions',
      protocol: 'openai-chat',
    });
  });

  it('U2.2 sends the key as a Bearer token, and no Authorization header at all for a keyless server', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'a' }] }, { content: [{ type: 'text', text: 'b' }] });
    await compatAdapter(server, { apiKey: 'gsk-123' }).complete(hello);
    await compatAdapter(server).complete(hello);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer gsk-123');
    expect(server.requests[1]?.headers).not.toHaveProperty('authorization');
  });

  it('U2.2 needs a base URL', () => {
    expect(() => new OpenAICompatibleAdapter({ baseUrl: '' })).toThrow(ConfigurationError);
  });

  it('U2.3 complete() returns a fully populated Response', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'Greeting time.' },
        { type: 'text', text: 'Hello!' },
      ],
      model: 'qwen3-coder:30b',
      usage: { input: 20, cacheRead: 80, output: 5, reasoning: 4 },
    });
    const response = await compatAdapter(server, { name: 'ollama' }).complete(hello);
    expect(response).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      model: 'qwen3-coder:30b',
      provider: 'ollama',
      message: {
        role: 'assistant',
        content: [
          { kind: 'thinking', thinking: { text: 'Greeting time.', redacted: false } },
          { kind: 'text', text: 'Hello!' },
        ],
        origin: { provider: 'ollama', model: CHAT_MODEL },
      },
      finishReason: { reason: 'stop', raw: 'stop' },
      usage: { inputTokens: 100, outputTokens: 9, totalTokens: 109, cacheReadTokens: 80, reasoningTokens: 4 },
      warnings: [],
    });
    expect(response.usage.raw).toMatchObject({ prompt_tokens: 100, completion_tokens: 9 });
    expect(response.raw).toMatchObject({ object: 'chat.completion' });
  });

  it('U2.4 stream() yields typed events and asks for the usage chunk', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'Hello there.', chunks: ['Hel', 'lo ', 'there.'] }],
      usage: { input: 9, output: 3 },
    });
    const events = await collect(compatAdapter(server).stream(hello));
    expect(eventTypes(events)).toEqual([
      'stream_start',
      'text_start',
      'text_delta',
      'text_delta',
      'text_delta',
      'text_end',
      'finish',
    ]);
    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(finishOf(events).usage).toMatchObject({ inputTokens: 9, outputTokens: 3 });
  });

  it('U2.5 keeps system text as system messages in place; developer text is system unless the server knows the role', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'a' }] }, { content: [{ type: 'text', text: 'b' }] });
    const messages = [
      Message.system('Be terse.'),
      Message.user('One.'),
      Message.developer('Read-only sandbox.'),
      Message.user('Two.'),
    ];
    await compatAdapter(server, { name: 'vllm' }).complete({ model: CHAT_MODEL, messages });
    await compatAdapter(server, { name: 'openai' }).complete({ model: 'gpt-4.1', messages });
    expect(recordedMessages(server, 0)).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'One.' },
      { role: 'system', content: 'Read-only sandbox.' },
      { role: 'user', content: 'Two.' },
    ]);
    expect(recordedMessages(server, 1)[2]).toEqual({ role: 'developer', content: 'Read-only sandbox.' });
  });

  it('U2.6 translates all five roles, tools in the nested function shape and results as tool messages', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Empty file.' }] });
    await compatAdapter(server).complete({
      model: CHAT_MODEL,
      tools: [{ name: 'read_file', description: 'Read a file.', parameters: { type: 'object' } }],
      messages: [
        Message.system('Be brief.'),
        Message.developer('Use tools.'),
        Message.user('What is in a.txt?'),
        {
          role: 'assistant',
          content: [
            { kind: 'text', text: 'Reading it.' },
            {
              kind: 'tool_call',
              toolCall: { id: 'call_1', name: 'read_file', arguments: { path: 'a.txt' } },
            },
          ],
        },
        Message.toolResult('call_1', ''),
      ],
    });
    expect(server.requests[0]?.outcome.type).toBe('turn');
    expect(server.requests[0]?.body).toMatchObject({
      tools: [
        {
          type: 'function',
          function: { name: 'read_file', description: 'Read a file.', parameters: { type: 'object' } },
        },
      ],
      tool_choice: 'auto',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'What is in a.txt?' },
        {
          role: 'assistant',
          content: 'Reading it.',
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'read_file', arguments: '{"path":"a.txt"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '' },
      ],
    });
  });

  it('U2.7 merges providerOptions[<adapter name>] into the body and ignores other keys', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await compatAdapter(server, { name: 'deepseek' }).complete({
      ...hello,
      providerOptions: {
        deepseek: { thinking: { type: 'enabled' }, top_k: 20 },
        openai: { service_tier: 'flex' },
      },
    });
    expect(server.requests[0]?.body).toMatchObject({ thinking: { type: 'enabled' }, top_k: 20 });
    expect(server.requests[0]?.body).not.toHaveProperty('service_tier');
  });

  it('U2.8 sends configured default headers (OpenRouter’s attribution headers, for example)', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await compatAdapter(server, {
      name: 'openrouter',
      defaultHeaders: { 'HTTP-Referer': 'https://weft.dev', 'X-Title': 'weft' },
    }).complete(hello);
    expect(server.requests[0]?.headers).toMatchObject({
      'http-referer': 'https://weft.dev',
      'x-title': 'weft',
    });
  });

  it.each([
    ['context_overflow', ContextLengthError, 400, 'maximum context length is'],
    ['invalid_request', InvalidRequestError, 400, 'Invalid request.'],
    ['authentication', AuthenticationError, 401, 'Incorrect API key provided'],
    ['permission', AccessDeniedError, 403, 'does not have access'],
    ['not_found', NotFoundError, 404, 'does not exist'],
    ['request_too_large', ContextLengthError, 413, 'Request too large'],
    ['rate_limit', RateLimitError, 429, 'Rate limit reached'],
    ['quota', QuotaExceededError, 429, 'exceeded your current quota'],
    ['billing', QuotaExceededError, 429, 'exceeded your current quota'],
    ['server', ServerError, 500, 'had an error'],
    ['unavailable', ServerError, 503, 'overloaded'],
    ['overloaded', ServerError, 503, 'overloaded'],
  ] as const)('U2.9 maps an HTTP %s to %o (status %i), sent once', async (kind, ErrorClass, status, text) => {
    server.enqueue({ error: { kind } }, { error: { kind } });
    const adapter = compatAdapter(server, { name: 'groq' });
    const error = await caught(() => adapter.complete(hello));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ provider: 'groq', statusCode: status });
    expect((error as Error).message).toContain(text);
    const streamed = await caught(() => collect(adapter.stream(hello)));
    expect(streamed).toBeInstanceOf(ErrorClass);
    expect(server.requests).toHaveLength(2);
  });

  it('U2.10 puts Retry-After on the error', async () => {
    server.enqueue({ error: { kind: 'rate_limit', retryAfterSeconds: 4 } });
    expect(await caught(() => compatAdapter(server).complete(hello))).toMatchObject({ retryAfter: 4 });
  });

  it('reads the error bodies vLLM and Mistral send (no `error` member), keeping the body as raw', async () => {
    const vllmBody = {
      object: 'error',
      message: "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens.",
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
    const canned = await startCannedServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(vllmBody));
    });
    try {
      const adapter = new OpenAICompatibleAdapter({ name: 'vllm', baseUrl: `${canned.url}/v1` });
      const error = await caught(() => adapter.complete(hello));
      expect(error).toBeInstanceOf(ContextLengthError);
      expect(error).toMatchObject({ statusCode: 400, raw: vllmBody });
      expect((error as Error).message).toContain('maximum context length is 32768');
    } finally {
      await canned.close();
    }
  });

  it('treats OpenRouter’s “200 with an error body” as the error it reports', async () => {
    const canned = await startCannedServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { code: 502, message: 'Upstream error from Provider X', metadata: {} } }),
      );
    });
    try {
      const adapter = new OpenAICompatibleAdapter({ name: 'openrouter', baseUrl: `${canned.url}/api/v1` });
      const error = await caught(() => adapter.complete(hello));
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ statusCode: 502, retryable: true });
    } finally {
      await canned.close();
    }
  });

  it('assembles tool calls a server sends all at index 0 (distinct ids) as separate calls', async () => {
    const chunk = (delta: unknown, finish: string | null = null) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      model: CHAT_MODEL,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const canned = await startCannedServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        sseBody([
          chunk({ role: 'assistant', content: '' }),
          chunk({
            tool_calls: [
              { index: 0, id: 'call_a', type: 'function', function: { name: 'ls', arguments: '{"p":' } },
            ],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"."}' } }] }),
          chunk({
            tool_calls: [
              { index: 0, id: 'call_b', type: 'function', function: { name: 'pwd', arguments: '{}' } },
            ],
          }),
          chunk({}, 'stop'),
        ]),
      );
    });
    try {
      const adapter = new OpenAICompatibleAdapter({ name: 'ollama', baseUrl: `${canned.url}/v1` });
      const response = finishOf(await collect(adapter.stream(hello))).response;
      expect(Message.toolCalls(response.message)).toEqual([
        { id: 'call_a', name: 'ls', arguments: { p: '.' }, rawArguments: '{"p":"."}', type: 'function' },
        { id: 'call_b', name: 'pwd', arguments: {}, rawArguments: '{}', type: 'function' },
      ]);
      // "stop" with tool calls: the calls decide.
      expect(response.finishReason).toEqual({ reason: 'tool_calls', raw: 'stop' });
    } finally {
      await canned.close();
    }
  });
});
