import type { RateLimitInfo } from '../../types/response.js';

type HeaderReader = Pick<Headers, 'get'>;

/**
 * Reads OpenAI's `x-ratelimit-{limit,remaining,reset}-{requests,tokens}` headers (also sent by
 * Groq and other compatible servers). Resets are durations such as `1s`, `6m0s` or `120ms`;
 * `resetAt` is when the later of the two budgets is full again. Undefined when none is present.
 */
export function parseRateLimitHeaders(
  headers: HeaderReader | undefined,
  now = Date.now(),
): RateLimitInfo | undefined {
  if (!headers) return undefined;
  const info: RateLimitInfo = {};
  const number = (name: string) => {
    const value = headers.get(name);
    if (value === null || value.trim() === '') return undefined;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  const fields = [
    ['requestsLimit', 'x-ratelimit-limit-requests'],
    ['requestsRemaining', 'x-ratelimit-remaining-requests'],
    ['tokensLimit', 'x-ratelimit-limit-tokens'],
    ['tokensRemaining', 'x-ratelimit-remaining-tokens'],
  ] as const;
  for (const [field, header] of fields) {
    const value = number(header);
    if (value !== undefined) info[field] = value;
  }
  const resets = ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']
    .map((name) => parseDurationMs(headers.get(name)))
    .filter((ms): ms is number => ms !== undefined);
  if (resets.length > 0) info.resetAt = new Date(now + Math.max(...resets));
  return Object.keys(info).length > 0 ? info : undefined;
}

/** `1h2m3.5s`, `6m0s`, `120ms`, or bare seconds, in milliseconds. */
export function parseDurationMs(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const unitMs: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let consumed = '';
  for (const match of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(match[1]) * (unitMs[match[2] ?? 's'] ?? 0);
    consumed += match[0];
  }
  return consumed === trimmed ? total : undefined;
}
