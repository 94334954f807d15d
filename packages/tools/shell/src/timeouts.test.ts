import type { ExecutionEnvironment } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { describe, expect, it } from 'vitest';
import { chooseTimeout } from './timeouts.js';

describe('chooseTimeout', () => {
  const local = new LocalExecutionEnvironment({
    workingDirectory: '/tmp',
    defaultTimeoutMs: 5000,
    maxTimeoutMs: 60_000,
  });
  // An environment that does not say what its limits are gets the loop spec's.
  // (chooseTimeout reads nothing else, so a bare object stands in for one.)
  const silent = { kind: 'other' } as unknown as ExecutionEnvironment;

  it("uses the environment's default and cap when it exposes them", () => {
    expect(chooseTimeout(local, undefined)).toEqual({
      timeoutMs: 5000,
      clamped: false,
      maxTimeoutMs: 60_000,
    });
    expect(chooseTimeout(local, 90_000)).toMatchObject({
      timeoutMs: 60_000,
      requestedTimeoutMs: 90_000,
      clamped: true,
    });
  });

  it("falls back to the loop spec's 10 s default and 600 s cap", () => {
    expect(chooseTimeout(silent, undefined)).toEqual({
      timeoutMs: 10_000,
      clamped: false,
      maxTimeoutMs: 600_000,
    });
    expect(chooseTimeout(silent, 700_000)).toMatchObject({ timeoutMs: 600_000, clamped: true });
    expect(chooseTimeout(silent, 1234.9)).toMatchObject({ timeoutMs: 1234, clamped: false });
  });

  it("lets the tool's own limits lower, but never raise, the environment's cap", () => {
    expect(chooseTimeout(local, 50_000, { maxTimeoutMs: 30_000 })).toMatchObject({
      timeoutMs: 30_000,
      clamped: true,
    });
    expect(chooseTimeout(local, 90_000, { maxTimeoutMs: 900_000 })).toMatchObject({
      timeoutMs: 60_000,
      clamped: true,
    });
    expect(chooseTimeout(local, undefined, { defaultTimeoutMs: 2000 }).timeoutMs).toBe(2000);
  });
});
