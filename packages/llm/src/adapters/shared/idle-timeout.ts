import { AbortError, RequestTimeoutError } from '../../errors/sdk-error.js';

/**
 * Re-yields `source`, failing with RequestTimeoutError when no item arrives for `idleMs`, and
 * with AbortError when `signal` aborts. Either way `onStop` runs, so the caller can close the
 * connection; a stalled stream ends in an error, never a hang.
 */
export async function* withIdleTimeout<T>(
  source: AsyncIterable<T>,
  idleMs: number,
  signal: AbortSignal | undefined,
  onStop: () => void,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      if (signal?.aborted) throw new AbortError();
      let timer: NodeJS.Timeout | undefined;
      let removeAbort: (() => void) | undefined;
      const stop = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new RequestTimeoutError(`The stream sent nothing for ${idleMs} ms and was closed.`)),
          idleMs,
        );
        if (signal) {
          const onAbort = () => reject(new AbortError());
          signal.addEventListener('abort', onAbort, { once: true });
          removeAbort = () => signal.removeEventListener('abort', onAbort);
        }
      });
      try {
        const next = await Promise.race([iterator.next(), stop]);
        if (next.done) {
          finished = true;
          return;
        }
        yield next.value;
      } finally {
        clearTimeout(timer);
        removeAbort?.();
      }
    }
  } finally {
    if (!finished) {
      onStop();
      // Let the source release its resources; its own error (if any) is not ours to report.
      iterator.return?.().catch(() => undefined);
    }
  }
}
