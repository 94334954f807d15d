import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ErrorKind, FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  AccessDeniedError,
  AuthenticationError,
  ContextLengthError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  type ProviderError,
  QuotaExceededError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
} from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import { adapterFor, caught, collect, MODEL } from './anthropic.test-support.js';
import { AnthropicAdapter } from './anthropic-adapter.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

const REQUEST = { model: MODEL, messages: [Message.user('hi')] };

type ErrorClass = abstract new (...args: never[]) => ProviderError;

const HTTP_ERRORS: [ErrorKind, ErrorClass, number, string, boolean][] = [
  ['context_overflow', ContextLengthError, 400, 'prompt is too long', false],
  ['invalid_request', InvalidRequestError, 400, 'Invalid request.', false],
  ['authentication', AuthenticationError, 401, 'invalid x-api-key', false],
  ['billing', QuotaExceededError, 402, 'credit balance is too low', false],
  ['permission', AccessDeniedError, 403, 'does not have permission', false],
  ['not_found', NotFoundError, 404, 'model: claude-does-not-exist', false],
  ['request_too_large', ContextLengthError, 413, 'maximum allowed number of bytes', false],
  ['rate_limit', RateLimitError, 429, 'exceed the rate limit', true],
  ['quota', QuotaExceededError, 429, 'specified API usage limits', false],
  ['server', ServerError, 500, 'Internal server error', true],
  ['unavailable', ServerError, 503, 'Service unavailable', true],
  ['overloaded', ServerError, 529, 'Overloaded', true],
];

describe('errors', () => {
  it.each(
    HTTP_ERRORS.map(
      ([kind, ErrorType, status, ...rest]) => [kind, ErrorType.name, status, ErrorType, ...rest] as const,
    ),
  )(
    'U2.9: HTTP %s becomes %s (status %i) from complete() and stream(), with the provider’s message and body',
    async (kind, _name, status, ErrorType, text, retryable) => {
      server.enqueue({ error: { kind } }, { error: { kind } });
      const adapter = adapterFor(server);
      const fromComplete = await caught(() => adapter.complete(REQUEST));
      const fromStream = await caught(() => collect(adapter.stream(REQUEST)));
      for (const error of [fromComplete, fromStream]) {
        expect(error).toBeInstanceOf(ErrorType);
        const providerError = error as ProviderError;
        expect(providerError).toMatchObject({ provider: 'anthropic', statusCode: status, retryable });
        expect(providerError.message).toContain(text);
        expect(providerError.message).toMatch(/^anthropic: /);
        expect(providerError.raw).toMatchObject({
          type: 'error',
          error: { message: expect.stringContaining(text) },
        });
        expect(providerError.errorCode).toMatch(/_error$|request_too_large/);
      }
      expect(server.requests).toHaveLength(2);
    },
  );

  it('U2.10: Retry-After is parsed onto the error (retry-after-ms first, then retry-after seconds)', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterSeconds: 7 } },
      { error: { kind: 'overloaded', retryAfterMs: 1500, retryAfterSeconds: 9 } },
    );
    const adapter = adapterFor(server);
    expect(await caught(() => adapter.complete(REQUEST))).toMatchObject({ retryAfter: 7 });
    expect(await caught(() => collect(adapter.stream(REQUEST)))).toMatchObject({ retryAfter: 1.5 });
  });

  const IN_STREAM_ERRORS: [ErrorKind, ErrorClass, string, boolean][] = [
    ['context_overflow', ContextLengthError, 'invalid_request_error', false],
    ['invalid_request', InvalidRequestError, 'invalid_request_error', false],
    ['authentication', AuthenticationError, 'authentication_error', false],
    ['billing', QuotaExceededError, 'billing_error', false],
    ['permission', AccessDeniedError, 'permission_error', false],
    ['not_found', NotFoundError, 'not_found_error', false],
    ['request_too_large', ContextLengthError, 'request_too_large', false],
    ['rate_limit', RateLimitError, 'rate_limit_error', true],
    ['quota', QuotaExceededError, 'rate_limit_error', false],
    ['server', ServerError, 'api_error', true],
    ['unavailable', ServerError, 'api_error', true],
    ['overloaded', ServerError, 'overloaded_error', true],
  ];

  it.each(
    IN_STREAM_ERRORS.map(([kind, ErrorType, ...rest]) => [kind, ErrorType.name, ErrorType, ...rest] as const),
  )(
    'an in-stream %s error event ends the stream as %s, after the events already received',
    async (kind, _name, ErrorType, code, retryable) => {
      server.enqueue({
        content: [{ type: 'text', text: 'partial answer', chunks: 4 }],
        streamError: { kind, afterFrames: 4 },
      });
      const seen: string[] = [];
      const error = await caught(async () => {
        for await (const event of adapterFor(server).stream(REQUEST)) seen.push(event.type);
      });
      expect(error).toBeInstanceOf(ErrorType);
      expect(error).toMatchObject({ provider: 'anthropic', errorCode: code, retryable });
      expect((error as ProviderError).raw).toMatchObject({ type: 'error', error: { type: code } });
      expect(seen).toEqual(['stream_start', 'text_start', 'text_delta']);
    },
  );

  it('the caller’s abort before the request is an AbortError, and nothing is sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const fromComplete = await caught(() =>
      adapterFor(server).complete(REQUEST, { signal: controller.signal }),
    );
    const fromStream = await caught(() =>
      collect(adapterFor(server).stream(REQUEST, { signal: controller.signal })),
    );
    expect(fromComplete).toBeInstanceOf(AbortError);
    expect(fromStream).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(0);
  });

  describe('against a server that accepts the connection and never answers', () => {
    let silent: Server;
    let url: string;
    beforeEach(async () => {
      silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });
    afterEach(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('no response headers within requestTimeoutMs is a RequestTimeoutError', async () => {
      const adapter = new AnthropicAdapter({ apiKey: 'k', baseUrl: url, requestTimeoutMs: 200 });
      expect(await caught(() => adapter.complete(REQUEST))).toBeInstanceOf(RequestTimeoutError);
      expect(await caught(() => collect(adapter.stream(REQUEST, { requestTimeoutMs: 150 })))).toBeInstanceOf(
        RequestTimeoutError,
      );
    });

    it('an abort while waiting for the response is an AbortError', async () => {
      const adapter = new AnthropicAdapter({ apiKey: 'k', baseUrl: url });
      const error = await caught(() => adapter.complete(REQUEST, { signal: AbortSignal.timeout(100) }));
      expect(error).toBeInstanceOf(AbortError);
    });
  });

  it('a refused connection is a NetworkError', async () => {
    const closed = await FakeModelServer.start();
    const url = closed.url;
    await closed.close();
    const adapter = new AnthropicAdapter({ apiKey: 'k', baseUrl: url });
    const error = await caught(() => adapter.complete(REQUEST));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).retryable).toBe(true);
  });
});
