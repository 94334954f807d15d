import { retryDecision } from './retry-decision.js';
import { type RetryPolicy, resolveRetryPolicy } from './retry-policy.js';
import { abortReason, sleep as realSleep, type Sleep } from './sleep.js';

/** What `retry` needs beyond the policy; tests inject `sleep` and `random` to run instantly. */
export interface RetryOptions extends Partial<RetryPolicy> {
  /** Aborting stops waiting and rejects with AbortError (or the signal's SDKError reason). */
  signal?: AbortSignal;
  sleep?: Sleep;
  random?: () => number;
}

/**
 * Calls `fn` and retries it per the policy (see retryDecision): the standalone retry utility for
 * low-level callers, and what `generate` and `stream` use per step. `fn` receives the attempt
 * number (0 for the first call). The last error is thrown unchanged.
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { signal, sleep = realSleep, random = Math.random, ...overrides } = options;
  const policy = resolveRetryPolicy(overrides);
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortReason(signal);
    try {
      return await fn(attempt);
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      const decision = retryDecision(error, attempt, policy, random);
      if (!decision.retry) throw error;
      policy.onRetry?.(error, attempt, decision.delayMs);
      await sleep(decision.delayMs, signal);
    }
  }
}
