type HeaderSource = Headers | Record<string, string | undefined> | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | undefined>;
  return record[name] ?? record[name.toLowerCase()];
}

/**
 * Seconds to wait before retrying, from `retry-after-ms` (milliseconds), then `retry-after`
 * (seconds or an HTTP date), then Gemini's `google.rpc.RetryInfo.retryDelay` ("34.4s") in the body.
 */
export function parseRetryAfter(headers: HeaderSource, body?: unknown, now = Date.now()): number | undefined {
  const ms = Number(header(headers, 'retry-after-ms'));
  if (header(headers, 'retry-after-ms') !== undefined && Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const value = header(headers, 'retry-after');
  if (value !== undefined) {
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, (date - now) / 1000);
  }
  return retryInfoDelay(body);
}

function retryInfoDelay(body: unknown): number | undefined {
  const details = (body as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const d = detail as { '@type'?: string; retryDelay?: unknown };
    if (d?.['@type']?.endsWith('google.rpc.RetryInfo') && typeof d.retryDelay === 'string') {
      const seconds = Number.parseFloat(d.retryDelay);
      if (Number.isFinite(seconds)) return seconds;
    }
  }
  return undefined;
}
