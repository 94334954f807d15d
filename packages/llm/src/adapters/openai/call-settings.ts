import type { CallOptions } from '../provider-adapter.js';

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 30_000;

export interface CallSettings {
  signal: AbortSignal | undefined;
  requestTimeoutMs: number;
  streamIdleTimeoutMs: number;
}

/** Per-call options win over the adapter's, which win over the spec's defaults. */
export function resolveCallSettings(
  options: CallOptions | undefined,
  adapterDefaults: { requestTimeoutMs?: number | undefined; streamIdleTimeoutMs?: number | undefined },
): CallSettings {
  return {
    // A per-call signal that follows the caller's: the SDK adds an abort listener to the signal it
    // gets and never removes it, which on a session-long signal piles up one listener per call.
    signal: options?.signal ? AbortSignal.any([options.signal]) : undefined,
    requestTimeoutMs:
      options?.requestTimeoutMs ?? adapterDefaults.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    streamIdleTimeoutMs:
      options?.streamIdleTimeoutMs ?? adapterDefaults.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  };
}
