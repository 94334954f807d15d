import { AbortError, RequestTimeoutError, type SDKError } from '../../../errors/sdk-error.js';

/**
 * Watches a stream for the two reasons to stop reading it early: no event for `idleMs` while
 * the reader waits for one, or the caller's abort. Either way it records the typed error and
 * calls `stop`, which must close the connection; the pending read then ends and the reader
 * throws {@link StreamGuard.reason}. Time the consumer spends on an event does not count.
 *
 * It does the job of the shared `withIdleTimeout` with one timer re-armed per event
 * (`timer.refresh()`) instead of a timer, a promise and a race per event: on a long stream
 * that per-event cost was the largest part of our overhead over the raw SDK stream. It relies
 * on `stop` ending the pending read, which holds for the SDK stream (aborting its controller
 * aborts the fetch body).
 */
export class StreamGuard {
  /** Why the stream was stopped, once it was. */
  reason: SDKError | undefined;
  private readonly timer: NodeJS.Timeout;
  /** An event is being handled (the consumer has it): the idle clock does not run. */
  private busy = false;
  private readonly onAbort: () => void;

  constructor(
    idleMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly stop: () => void,
  ) {
    this.timer = setTimeout(() => {
      if (this.busy) this.timer.refresh();
      else this.halt(new RequestTimeoutError(`The stream sent nothing for ${idleMs} ms and was closed.`));
    }, idleMs);
    this.onAbort = () => this.halt(new AbortError());
    if (signal?.aborted) this.halt(new AbortError());
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** An event arrived: the idle clock stops while it is handled. */
  received(): void {
    this.busy = true;
  }

  /** The reader waits for the next event: the idle clock starts over. */
  waiting(): void {
    this.busy = false;
    this.timer.refresh();
  }

  /** Stops watching (the stream ended, failed, or its reader went away). */
  dispose(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private halt(reason: SDKError): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.dispose();
    this.stop();
  }
}
