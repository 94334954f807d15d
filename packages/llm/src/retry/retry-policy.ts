/**
 * How failed calls are retried. The defaults are the spec's: two retries, 1 s doubling to a 60 s
 * cap, with jitter. This is the only retry layer in @weft/llm: adapters and SDKs never retry.
 */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  maxRetries: number;
  baseDelayMs: number;
  /** The longest wait between attempts. A `retryAfter` above it means "give up now". */
  maxDelayMs: number;
  backoffMultiplier: number;
  /** Multiply each computed delay by a random factor in [0.5, 1.5], so clients do not retry in lockstep. */
  jitter: boolean;
  /** Called before each wait: the error, the retry number (0 for the first retry), the delay. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /**
   * Overrides the error's own `retryable` flag (e.g. to retry RequestTimeoutError). The attempt
   * limit and the Retry-After cap still apply.
   */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 2,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  backoffMultiplier: 2,
  jitter: true,
});

/** The defaults with the caller's overrides on top. */
export function resolveRetryPolicy(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  const resolved: RetryPolicy = { ...DEFAULT_RETRY_POLICY };
  for (const [key, value] of Object.entries(policy)) {
    if (value !== undefined) (resolved as unknown as Record<string, unknown>)[key] = value;
  }
  return resolved;
}
