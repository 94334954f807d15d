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
    signal: options?.signal,
    requestTimeoutMs:
      options?.requestTimeoutMs ?? adapterDefaults.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    streamIdleTimeoutMs:
      options?.streamIdleTimeoutMs ?? adapterDefaults.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  };
}
