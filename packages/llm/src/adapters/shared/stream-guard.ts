import { AbortError, RequestTimeoutError, type SDKError } from '../../errors/sdk-error.js';

/** How many checks per idle period: a stall is reported between 1 and 1⅛ idle periods after the last event. */
const CHECKS_PER_PERIOD = 8;

/**
 * Watches a stream for the two reasons to stop reading it early: no event for `idleMs` while
 * the reader waits for one, or the caller's abort. Either way it records the typed error and
 * calls `stop`, which must close the connection; the pending read then ends and the reader
 * throws {@link StreamGuard.reason}. Time the consumer spends on an event does not count.
 *
 * It costs almost nothing per event. A timer, a promise and a race per event were the largest
 * part of our overhead over the raw SDK stream on long streams, so here an event only bumps a
 * counter, and a periodic check (every ⅛ of the idle period) looks at the clock. It never reports a stall early. It relies on `stop` ending
 * the pending read, which holds for the SDK stream (aborting the request aborts the body).
 */
export class StreamGuard {
  /** Why the stream was stopped, once it was. */
  reason: SDKError | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort: () => void;
  private events = 0;
  private eventsSeen = 0;
  /** An event is being handled (the consumer has it): the idle clock does not run. */
  private busy = false;
  /** When the last check saw activity (or the guard started). */
  private activeAt = Date.now();

  constructor(
    private readonly idleMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly stop: () => void,
  ) {
    this.timer = setInterval(() => this.check(), Math.max(1, Math.floor(idleMs / CHECKS_PER_PERIOD)));
    this.onAbort = () => this.halt(new AbortError());
    if (signal?.aborted) this.halt(new AbortError());
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** An event arrived; the idle clock stops while it is handled. */
  received(): void {
    this.events++;
    this.busy = true;
  }

  /** The reader waits for the next event again. */
  waiting(): void {
    this.busy = false;
  }

  /** Stops watching (the stream ended, failed, or its reader went away). */
  dispose(): void {
    clearInterval(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private check(): void {
    const now = Date.now();
    if (this.busy || this.events !== this.eventsSeen) {
      this.eventsSeen = this.events;
      this.activeAt = now;
    } else if (now - this.activeAt >= this.idleMs) {
      this.halt(new RequestTimeoutError(`The stream sent nothing for ${this.idleMs} ms and was closed.`));
    }
  }

  private halt(reason: SDKError): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.dispose();
    this.stop();
  }
}
