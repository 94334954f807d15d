import { describe, expect, it } from 'vitest';
import { parseDurationMs, parseRateLimitHeaders } from './rate-limit-headers.js';

describe('parseRateLimitHeaders', () => {
  it('reads the x-ratelimit-* headers OpenAI sends; resetAt is when both budgets are full again', () => {
    const now = Date.UTC(2026, 0, 1);
    const headers = new Headers({
      'x-ratelimit-limit-requests': '500',
      'x-ratelimit-remaining-requests': '499',
      'x-ratelimit-reset-requests': '120ms',
      'x-ratelimit-limit-tokens': '30000',
      'x-ratelimit-remaining-tokens': '28500',
      'x-ratelimit-reset-tokens': '6m0s',
    });
    expect(parseRateLimitHeaders(headers, now)).toEqual({
      requestsLimit: 500,
      requestsRemaining: 499,
      tokensLimit: 30000,
      tokensRemaining: 28500,
      resetAt: new Date(now + 360_000),
    });
  });

  it('is undefined when there are no rate-limit headers, and skips values that are not numbers', () => {
    expect(parseRateLimitHeaders(new Headers({ 'content-type': 'application/json' }))).toBeUndefined();
    expect(parseRateLimitHeaders(new Headers({ 'x-ratelimit-limit-tokens': 'lots' }))).toBeUndefined();
  });

  it.each([
    ['1s', 1000],
    ['6m0s', 360_000],
    ['1h2m3.5s', 3_723_500],
    ['20ms', 20],
    ['2.5', 2500],
    ['soon', undefined],
    ['', undefined],
  ])('parses the duration %j as %j ms', (text, ms) => {
    expect(parseDurationMs(text)).toBe(ms);
  });
});
