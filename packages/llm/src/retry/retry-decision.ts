import { ProviderError, SDKError } from '../errors/sdk-error.js';
import { backoffDelayMs } from './backoff-delay.js';
import type { RetryPolicy } from './retry-policy.js';

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

/**
 * Whether to retry after `error` on retry number `attempt` (0-based), and after how long.
 *
 * - Past `maxRetries`: no.
 * - `shouldRetry` decides when given; else the error's `retryable` (typed errors: 429, 5xx, network
 *   and stream errors yes; 4xx, quota, content filter, timeouts, aborts no). An error that is not
 *   ours counts as retryable, as the spec says, except a DOM-style AbortError.
 * - A `retryAfter` (seconds) the provider sent replaces the computed delay when it is within
 *   `maxDelayMs`; above it, the wait is not worth it: no retry, the error goes to the caller as is.
 */
export function retryDecision(
  error: unknown,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxRetries) return { retry: false, reason: `no retries left (${policy.maxRetries})` };
  const retryable = policy.shouldRetry ? policy.shouldRetry(error, attempt) : isRetryable(error);
  if (!retryable) return { retry: false, reason: 'the error is not retryable' };
  const retryAfter = error instanceof ProviderError ? error.retryAfter : undefined;
  if (retryAfter !== undefined) {
    const delayMs = retryAfter * 1000;
    if (delayMs > policy.maxDelayMs) {
      return { retry: false, reason: `retry-after ${retryAfter}s exceeds the ${policy.maxDelayMs} ms cap` };
    }
    return { retry: true, delayMs };
  }
  return { retry: true, delayMs: backoffDelayMs(attempt, policy, random) };
}

function isRetryable(error: unknown): boolean {
  if (error instanceof SDKError) return error.retryable;
  if (error instanceof Error && error.name === 'AbortError') return false;
  return true;
}
