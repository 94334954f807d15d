import { AbortError } from '../errors/sdk-error.js';

/** Waits `ms`, or rejects with AbortError as soon as `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The signal's reason when it is one of our errors (a timeout), else an AbortError. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof AbortError) return reason;
  if (reason instanceof Error && reason.name !== 'AbortError' && reason.name !== 'TimeoutError')
    return reason;
  return new AbortError(undefined, { cause: reason });
}
