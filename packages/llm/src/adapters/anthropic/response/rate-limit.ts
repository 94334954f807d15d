import type { RateLimitInfo } from '../../../types/response.js';

const PREFIX = 'anthropic-ratelimit-';

/**
 * Rate-limit facts from `anthropic-ratelimit-*` headers: requests and tokens (limit, remaining),
 * and the earliest reset among them (RFC 3339 times). Undefined when none is present, as on
 * responses from proxies that strip them.
 */
export function parseRateLimit(headers: Headers | undefined): RateLimitInfo | undefined {
  if (headers === undefined) return undefined;
  const number = (name: string) => {
    const value = headers.get(PREFIX + name);
    const parsed = value === null ? Number.NaN : Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  const info: RateLimitInfo = {};
  const fields: [keyof RateLimitInfo, string][] = [
    ['requestsLimit', 'requests-limit'],
    ['requestsRemaining', 'requests-remaining'],
    ['tokensLimit', 'tokens-limit'],
    ['tokensRemaining', 'tokens-remaining'],
  ];
  for (const [field, name] of fields) {
    const value = number(name);
    if (value !== undefined) (info as Record<string, number>)[field] = value;
  }
  const resets = ['requests-reset', 'tokens-reset', 'input-tokens-reset', 'output-tokens-reset']
    .map((name) => headers.get(PREFIX + name))
    .map((value) => (value === null ? Number.NaN : Date.parse(value)))
    .filter((time) => !Number.isNaN(time));
  if (resets.length > 0) info.resetAt = new Date(Math.min(...resets));
  return Object.keys(info).length === 0 ? undefined : info;
}
