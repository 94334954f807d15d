import { describe, expect, it } from 'vitest';
import {
  AbortError,
  AccessDeniedError,
  AuthenticationError,
  ContextLengthError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  StreamError,
} from '../errors/sdk-error.js';
import { retryDecision } from './retry-decision.js';
import { DEFAULT_RETRY_POLICY, resolveRetryPolicy } from './retry-policy.js';

const POLICY = resolveRetryPolicy({ jitter: false });
const details = (retryAfter?: number) => ({
  provider: 'openai',
  ...(retryAfter === undefined ? {} : { retryAfter }),
});

describe('retryDecision', () => {
  it('retries rate limits, server, network and stream errors, and unknown errors', () => {
    for (const error of [
      new RateLimitError('429', details()),
      new ServerError('503', details()),
      new NetworkError('reset'),
      new StreamError('cut'),
      new Error('something odd'),
    ]) {
      expect(retryDecision(error, 0, POLICY)).toEqual({ retry: true, delayMs: 1000 });
    }
  });

  it('U8.7 never retries 401, 403, 404, invalid requests, context overflow, timeouts or aborts', () => {
    for (const error of [
      new AuthenticationError('401', details()),
      new AccessDeniedError('403', details()),
      new NotFoundError('404', details()),
      new InvalidRequestError('400', details()),
      new ContextLengthError('too long', details()),
      new RequestTimeoutError('408'),
      new AbortError(),
      Object.assign(new Error('aborted'), { name: 'AbortError' }),
    ]) {
      expect(retryDecision(error, 0, POLICY).retry).toBe(false);
    }
  });

  it('U8.4 uses Retry-After instead of the computed delay when it is within the cap', () => {
    expect(retryDecision(new RateLimitError('429', details(7.5)), 0, POLICY)).toEqual({
      retry: true,
      delayMs: 7500,
    });
  });

  it('does not retry at all when Retry-After exceeds the cap', () => {
    const decision = retryDecision(new RateLimitError('429', details(120)), 0, POLICY);
    expect(decision).toMatchObject({ retry: false, reason: expect.stringContaining('exceeds') });
  });

  it('U8.5 maxRetries 0 disables retrying', () => {
    expect(
      retryDecision(new ServerError('500', details()), 0, resolveRetryPolicy({ maxRetries: 0 })).retry,
    ).toBe(false);
  });

  it('stops after maxRetries', () => {
    expect(retryDecision(new ServerError('500', details()), 1, DEFAULT_RETRY_POLICY).retry).toBe(true);
    expect(retryDecision(new ServerError('500', details()), 2, DEFAULT_RETRY_POLICY).retry).toBe(false);
  });

  it('lets shouldRetry opt in to retrying timeouts, still within the attempt limit', () => {
    const policy = resolveRetryPolicy({
      jitter: false,
      shouldRetry: (e) => e instanceof RequestTimeoutError,
    });
    expect(retryDecision(new RequestTimeoutError('slow'), 0, policy).retry).toBe(true);
    expect(retryDecision(new ServerError('500', details()), 0, policy).retry).toBe(false);
    expect(retryDecision(new RequestTimeoutError('slow'), 2, policy).retry).toBe(false);
  });
});
