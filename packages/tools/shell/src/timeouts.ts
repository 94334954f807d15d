import type { ExecutionEnvironment } from '@weft/agent-core';

/** The loop spec's defaults (§5.4). */
export const DEFAULT_SHELL_TIMEOUT_MS = 10_000;
export const MAX_SHELL_TIMEOUT_MS = 600_000;

export interface TimeoutChoice {
  /** The timeout the command runs with. */
  timeoutMs: number;
  /** What the call asked for, when it asked. */
  requestedTimeoutMs?: number;
  /** True when the request was above the maximum and was lowered to it. */
  clamped: boolean;
  /** The maximum that applied. */
  maxTimeoutMs: number;
}

/**
 * An environment may say what its own default and cap are (LocalExecutionEnvironment does); the
 * ExecutionEnvironment interface does not require it, so it is read only when present.
 */
function environmentLimit(
  env: ExecutionEnvironment,
  key: 'defaultTimeoutMs' | 'maxTimeoutMs',
): number | undefined {
  const value = (env as unknown as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Picks a command's timeout: the call's request, else the default; never above the maximum (the
 * smaller of the tool's and the environment's), to which larger requests are lowered.
 */
export function chooseTimeout(
  env: ExecutionEnvironment,
  requested: number | undefined,
  limits: { defaultTimeoutMs?: number; maxTimeoutMs?: number } = {},
): TimeoutChoice {
  const envMax = environmentLimit(env, 'maxTimeoutMs');
  const max = Math.min(limits.maxTimeoutMs ?? MAX_SHELL_TIMEOUT_MS, envMax ?? Number.POSITIVE_INFINITY);
  const fallback = Math.min(
    limits.defaultTimeoutMs ?? environmentLimit(env, 'defaultTimeoutMs') ?? DEFAULT_SHELL_TIMEOUT_MS,
    max,
  );
  if (requested === undefined) return { timeoutMs: fallback, clamped: false, maxTimeoutMs: max };
  const whole = Math.max(1, Math.floor(requested));
  return whole > max
    ? { timeoutMs: max, requestedTimeoutMs: whole, clamped: true, maxTimeoutMs: max }
    : { timeoutMs: whole, requestedTimeoutMs: whole, clamped: false, maxTimeoutMs: max };
}
