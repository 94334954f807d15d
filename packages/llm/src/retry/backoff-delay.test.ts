import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff-delay.js';
import { DEFAULT_RETRY_POLICY } from './retry-policy.js';

const NO_JITTER = { ...DEFAULT_RETRY_POLICY, jitter: false };

describe('backoffDelayMs', () => {
  it('U8.3 doubles from the base delay: 1 s, 2 s, 4 s, 8 s, 16 s', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelayMs(n, NO_JITTER))).toEqual([
      1000, 2000, 4000, 8000, 16_000,
    ]);
  });

  it('stops growing at the cap', () => {
    expect(backoffDelayMs(6, NO_JITTER)).toBe(60_000);
    expect(backoffDelayMs(30, NO_JITTER)).toBe(60_000);
  });

  it('U8.3 jitter scales the delay into [0.5, 1.5) of the computed value', () => {
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(1000);
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(2000);
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.999)).toBeCloseTo(2998, 0);
  });

  it('follows a custom multiplier', () => {
    expect(backoffDelayMs(2, { ...NO_JITTER, baseDelayMs: 100, backoffMultiplier: 3 })).toBe(900);
  });
});
