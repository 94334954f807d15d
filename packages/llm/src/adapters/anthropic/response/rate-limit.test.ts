import { describe, expect, it } from 'vitest';
import { parseRateLimit } from './rate-limit.js';

// The testkit server cannot put headers on a successful turn, so the header reading is pinned
// here on real Headers objects, with the header names and formats the Messages API sends.
describe('parseRateLimit', () => {
  it('reads anthropic-ratelimit-* limits, remaining counts and the earliest reset', () => {
    const headers = new Headers({
      'anthropic-ratelimit-requests-limit': '4000',
      'anthropic-ratelimit-requests-remaining': '3999',
      'anthropic-ratelimit-requests-reset': '2026-11-20T10:00:05Z',
      'anthropic-ratelimit-tokens-limit': '2000000',
      'anthropic-ratelimit-tokens-remaining': '1998000',
      'anthropic-ratelimit-tokens-reset': '2026-11-20T10:00:01Z',
      'anthropic-ratelimit-input-tokens-reset': '2026-11-20T10:00:03Z',
    });
    expect(parseRateLimit(headers)).toEqual({
      requestsLimit: 4000,
      requestsRemaining: 3999,
      tokensLimit: 2_000_000,
      tokensRemaining: 1_998_000,
      resetAt: new Date('2026-11-20T10:00:01Z'),
    });
  });

  it('is undefined when the response has none (a proxy that strips them), and skips unreadable values', () => {
    expect(parseRateLimit(new Headers({ 'request-id': 'req_1' }))).toBeUndefined();
    expect(
      parseRateLimit(
        new Headers({
          'anthropic-ratelimit-requests-limit': 'lots',
          'anthropic-ratelimit-tokens-reset': 'soon',
        }),
      ),
    ).toBeUndefined();
    expect(parseRateLimit(new Headers({ 'anthropic-ratelimit-tokens-remaining': '12' }))).toEqual({
      tokensRemaining: 12,
    });
  });
});
