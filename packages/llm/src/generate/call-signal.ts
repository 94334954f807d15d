import { RequestTimeoutError } from '../errors/sdk-error.js';

/** An AbortSignal that fires when any parent does or a timeout elapses; `dispose` clears the timer. */
export interface CallSignal {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * Links the caller's signal(s) with an optional timeout. A timeout aborts with a
 * RequestTimeoutError as the reason, so the code that catches the abort can tell "the caller
 * gave up" (AbortError) from "the time ran out" (RequestTimeoutError).
 */
export function callSignal(
  parents: readonly (AbortSignal | undefined)[],
  timeoutMs?: number,
  what = 'The call',
): CallSignal {
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  for (const parent of parents) {
    if (!parent) continue;
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    const onAbort = () => controller.abort(parent.reason);
    parent.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => parent.removeEventListener('abort', onAbort));
  }
  if (timeoutMs !== undefined && !controller.signal.aborted) {
    const timer = setTimeout(
      () => controller.abort(new RequestTimeoutError(`${what} did not finish within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    cleanups.push(() => clearTimeout(timer));
  }
  return {
    signal: controller.signal,
    dispose: () => {
      for (const cleanup of cleanups) cleanup();
    },
  };
}
