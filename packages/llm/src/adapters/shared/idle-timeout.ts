import { StreamGuard } from './stream-guard.js';

/**
 * Re-yields `source`, failing with RequestTimeoutError when no item arrives for `idleMs` while
 * the consumer waits, and with AbortError when `signal` aborts. Either way `onStop` runs and must
 * end the pending read (close the connection); a stalled stream ends in an error, never a hang.
 * Built on {@link StreamGuard}, so an item costs a counter increment, not a timer.
 */
export async function* withIdleTimeout<T>(
  source: AsyncIterable<T>,
  idleMs: number,
  signal: AbortSignal | undefined,
  onStop: () => void,
): AsyncGenerator<T> {
  const guard = new StreamGuard(idleMs, signal, onStop);
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (true) {
      if (guard.reason) throw guard.reason;
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        // The read failed because we closed the connection: report why we closed it.
        throw guard.reason ?? error;
      }
      if (guard.reason) throw guard.reason;
      if (next.done) {
        finished = true;
        return;
      }
      guard.received();
      yield next.value;
      guard.waiting();
    }
  } finally {
    guard.dispose();
    if (!finished) {
      onStop();
      // Let the source release its resources; its own error (if any) is not ours to report.
      iterator.return?.().catch(() => undefined);
    }
  }
}
