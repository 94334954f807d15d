import type { RetryPolicy } from './retry-policy.js';

/**
 * The wait before retry number `attempt` (0-based): `min(base · multiplier^attempt, max)`, times
 * a factor in [0.5, 1.5) drawn from `random` when jitter is on. With the defaults: about 1 s, 2 s,
 * 4 s, 8 s, 16 s.
 */
export function backoffDelayMs(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'backoffMultiplier' | 'jitter'>,
  random: () => number = Math.random,
): number {
  const computed = Math.min(policy.baseDelayMs * policy.backoffMultiplier ** attempt, policy.maxDelayMs);
  return policy.jitter ? computed * (0.5 + random()) : computed;
}
