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
import {
  caught,
  collect,
  eventTypes,
  MODEL,
  openaiAdapter,
  recordedInput,
  startServer,
} from './openai.test-support.js';
import { OpenAIAdapter, RESPONSES_TOOL_CALL_ID_RULE } from './openai-adapter.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const hello: Request = { model: MODEL, messages: [Message.user('Say hello.')] };

describe('OpenAIAdapter: the Responses API (spec U2)', () => {
  it('U2.1 speaks the native Responses API: POST /v1/responses', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello.' }] });
    await openaiAdapter(server).complete(hello);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/responses',
      protocol: 'openai-responses',
    });
    expect(server.requests[0]?.body).toMatchObject({ model: MODEL, input: expect.any(Array) });
    expect(server.requests[0]?.body).not.toHaveProperty('messages');
  });

  it('U2.2 authenticates with the explicit key as a Bearer token, with organization and project', async () => {
    const guarded = await startServer({ apiKey: 'sk-right' });
    try {
      guarded.enqueue({ content: [{ type: 'text', text: 'ok' }] });
      const adapter = openaiAdapter(guarded, {
        apiKey: 'sk-right',
        organization: 'org-1',
        project: 'proj-1',
      });
      await adapter.complete(hello);
      expect(guarded.requests[0]?.headers).toMatchObject({
        authorization: 'Bearer sk-right',
        'openai-organization': 'org-1',
        'openai-project': 'proj-1',
      });
      const wrong = await caught(() => openaiAdapter(guarded, { apiKey: 'sk-wrong' }).complete(hello));
      expect(wrong).toBeInstanceOf(AuthenticationError);
      expect(wrong).toMatchObject({ statusCode: 401, errorCode: 'invalid_api_key', retryable: false });
    } finally {
      await guarded.close();
    }
  });

  it('U2.2 reads nothing from OPENAI_* variables (Client.fromEnv is the one place that does)', async () => {
    const saved = { ...process.env };
    process.env.OPENAI_ORG_ID = 'org-from-env';
    process.env.OPENAI_PROJECT_ID = 'proj-from-env';
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
    try {
      server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
      await openaiAdapter(server).complete(hello);
      expect(server.requests[0]?.headers).not.toHaveProperty('openai-organization');
      expect(server.requests[0]?.headers).not.toHaveProperty('openai-project');
    } finally {
      process.env = saved;
    }
  });

  it('U2.2 refuses to be built without a key', () => {
    expect(() => new OpenAIAdapter({ apiKey: '' })).toThrow(ConfigurationError);
  });

  it('U2.3 complete() returns a fully populated Response', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'Hello there.' }],
      model: 'gpt-5.2-2025-12-11',
      usage: { input: 40, cacheRead: 60, output: 7, reasoning: 3 },
    });
    const response = await openaiAdapter(server).complete(hello);
    expect(response).toMatchObject({
      id: expect.stringMatching(/^resp_/),
      model: 'gpt-5.2-2025-12-11',
      provider: 'openai',
      message: {
        role: 'assistant',
        content: [{ kind: 'text', text: 'Hello there.' }],
        // The model the request named: the next request names it too, and compares against it.
        origin: { provider: 'openai', model: MODEL },
      },
      finishReason: { reason: 'stop', raw: 'completed' },
      usage: {
        inputTokens: 100,
        outputTokens: 10,
        totalTokens: 110,
        cacheReadTokens: 60,
        reasoningTokens: 3,
        raw: { input_tokens: 100, output_tokens: 10 },
      },
      warnings: [],
    });
    expect(response.raw).toMatchObject({ object: 'response', status: 'completed' });
    // The fake server sends no x-ratelimit-* headers on success, so there is nothing to report.
    expect(response.rateLimit).toBeUndefined();
  });

  it('U2.4 stream() yields typed events, start / delta / end, ending in finish', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello there.', chunks: ['Hel', 'lo ', 'there.'] }] });
    const events = await collect(openaiAdapter(server).stream(hello));
    expect(eventTypes(events)).toEqual([
      'stream_start',
      'text_start',
      'text_delta',
      'text_delta',
      'text_delta',
      'text_end',
      'finish',
    ]);
    expect(server.requests[0]?.body.stream).toBe(true);
  });

  it('U2.5 sends system text as `instructions` and keeps developer text in place as a developer item', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await openaiAdapter(server).complete({
      model: MODEL,
      messages: [
        Message.system('You are terse.'),
        Message.user('First.'),
        Message.developer('The sandbox is read-only.'),
        Message.system('Answer in English.'),
        Message.user('Second.'),
      ],
    });
    const body = server.requests[0]?.body;
    expect(body?.instructions).toBe('You are terse.\n\nAnswer in English.');
    expect(body?.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'First.' }] },
      {
        type: 'message',
        role: 'developer',
        content: [{ type: 'input_text', text: 'The sandbox is read-only.' }],
      },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Second.' }] },
    ]);
  });

  it('U2.6 translates all five roles', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'The file is empty.' }] });
    await openaiAdapter(server).complete({
      model: MODEL,
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
    expect(server.requests[0]?.outcome).toEqual({ type: 'turn', status: 200 });
    expect(server.requests[0]?.body).toMatchObject({
      instructions: 'Be brief.',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Use tools.' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is in a.txt?' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Reading it.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path":"a.txt"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '' },
      ],
    });
  });

  it('U2.7 merges providerOptions.openai into the body, and ignores other providers’ options', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await openaiAdapter(server).complete({
      ...hello,
      reasoningEffort: 'high',
      providerOptions: {
        openai: { service_tier: 'flex', prompt_cache_key: 'session-42', reasoning: { summary: 'detailed' } },
        anthropic: { autoCache: false },
      },
    });
    const body = server.requests[0]?.body;
    expect(body).toMatchObject({
      service_tier: 'flex',
      prompt_cache_key: 'session-42',
      // Nested settings merge: the effort we set survives the caller's summary choice.
      reasoning: { effort: 'high', summary: 'detailed' },
    });
    expect(body).not.toHaveProperty('autoCache');
  });

  it('U2.7 adds hosted tools from providerOptions.openai.tools beside the request’s function tools', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await openaiAdapter(server).complete({
      ...hello,
      tools: [{ name: 'read_file', description: 'Read a file.', parameters: { type: 'object' } }],
      providerOptions: { openai: { tools: [{ type: 'web_search' }] } },
    });
    expect(server.requests[0]?.body.tools).toEqual([
      {
        type: 'function',
        name: 'read_file',
        description: 'Read a file.',
        parameters: { type: 'object' },
        strict: false,
      },
      { type: 'web_search' },
    ]);
  });

  it('U2.8 sends configured default headers with every request (OpenAI has no beta-header scheme)', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await openaiAdapter(server, {
      defaultHeaders: { 'OpenAI-Beta': 'responses=v1', 'X-Trace': 't-1' },
    }).complete(hello);
    expect(server.requests[0]?.headers).toMatchObject({ 'openai-beta': 'responses=v1', 'x-trace': 't-1' });
  });

  it.each([
    [
      'context_overflow',
      ContextLengthError,
      400,
      'context_length_exceeded',
      'exceeds the context window',
      false,
    ],
    ['invalid_request', InvalidRequestError, 400, 'invalid_request_error', 'Invalid request.', false],
    ['authentication', AuthenticationError, 401, 'invalid_api_key', 'Incorrect API key provided', false],
    ['permission', AccessDeniedError, 403, 'model_not_found', 'does not have access', false],
    ['not_found', NotFoundError, 404, 'model_not_found', 'does not exist', false],
    ['request_too_large', ContextLengthError, 413, 'invalid_request_error', 'Request too large', false],
    ['rate_limit', RateLimitError, 429, 'rate_limit_exceeded', 'Rate limit reached', true],
    ['quota', QuotaExceededError, 429, 'insufficient_quota', 'exceeded your current quota', false],
    ['billing', QuotaExceededError, 429, 'insufficient_quota', 'exceeded your current quota', false],
    ['server', ServerError, 500, 'server_error', 'had an error', true],
    ['unavailable', ServerError, 503, 'server_error', 'overloaded', true],
    ['overloaded', ServerError, 503, 'server_error', 'overloaded', true],
  ] as const)(
    'U2.9 maps an HTTP %s to %o (status %i, code %s), sent once',
    async (kind, ErrorClass, status, code, text, retryable) => {
      server.enqueue({ error: { kind } });
      const error = await caught(() => openaiAdapter(server).complete(hello));
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ provider: 'openai', statusCode: status, errorCode: code, retryable });
      expect((error as Error).message).toContain(text);
      // `raw` is the provider's whole error body.
      expect((error as { raw: unknown }).raw).toMatchObject({
        error: { message: expect.stringContaining(text) },
      });
      // The SDK's own retries are off: ours is the one retry policy.
      expect(server.requests).toHaveLength(1);
    },
  );

  it('U2.9 maps the same HTTP errors on stream() as on complete()', async () => {
    server.enqueue({ error: { kind: 'context_overflow' } });
    const error = await caught(() => collect(openaiAdapter(server).stream(hello)));
    expect(error).toBeInstanceOf(ContextLengthError);
    expect(error).toMatchObject({ statusCode: 400, errorCode: 'context_length_exceeded' });
  });

  it('U2.10 puts Retry-After (seconds, or retry-after-ms) on the error', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterSeconds: 7 } },
      { error: { kind: 'server', retryAfterMs: 250 } },
    );
    const limited = await caught(() => openaiAdapter(server).complete(hello));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ retryAfter: 7 });
    const overloaded = await caught(() => collect(openaiAdapter(server).stream(hello)));
    expect(overloaded).toBeInstanceOf(ServerError);
    expect(overloaded).toMatchObject({ retryAfter: 0.25 });
  });

  it('exposes the Responses call_id rule, and history repair rewrites ids that break it', async () => {
    expect(openaiAdapter(server).toolCallIdRule).toBe(RESPONSES_TOOL_CALL_ID_RULE);
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    const foreignId = 'functions.read_file:0/with spaces and more than sixty-four characters in it';
    const response = await openaiAdapter(server).complete({
      model: MODEL,
      messages: [
        Message.user('Read a.txt'),
        {
          role: 'assistant',
          content: [{ kind: 'tool_call', toolCall: { id: foreignId, name: 'read_file', arguments: {} } }],
        },
        Message.toolResult(foreignId, 'hello'),
      ],
    });
    const input = recordedInput(server, 0);
    const callId = String(input[1]?.call_id ?? '');
    expect(callId).not.toBe(foreignId);
    expect(callId).toMatch(RESPONSES_TOOL_CALL_ID_RULE.pattern);
    expect(callId.length).toBeLessThanOrEqual(64);
    expect(input[2]?.call_id).toBe(callId);
    expect(response.warnings).toContainEqual(expect.objectContaining({ code: 'tool_call_id_rewritten' }));
  });

  it('does not load the openai SDK until a request is made (only type imports at module level)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const folders = [new URL('./', import.meta.url), new URL('../openai-compatible/', import.meta.url)];
    let checked = 0;
    for (const folder of folders) {
      for (const file of await readdir(folder)) {
        if (!file.endsWith('.ts') || file.includes('.test')) continue;
        const source = await readFile(new URL(file, folder), 'utf8');
        expect(source, file).not.toMatch(/^import (?!type )[^;]*from 'openai/m);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
