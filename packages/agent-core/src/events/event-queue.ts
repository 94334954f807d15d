/**
 * One subscriber's events, unbounded: the producer never waits for a slow consumer and nothing
 * is dropped. Items are held in a growing array read through an index (compacted now and then),
 * so a push and a read are O(1) however far the consumer falls behind.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private items: T[] = [];
  private head = 0;
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private ended = false;

  constructor(private readonly onReturn?: () => void) {}

  /** Queues an item, or hands it straight to a reader that is waiting. Ignored once ended. */
  push(item: T): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: item, done: false });
      return;
    }
    this.items.push(item);
  }

  /** No more items will come; a reader gets what is queued, then `done`. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  /** Items queued and not yet read. */
  get size(): number {
    return this.items.length - this.head;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.head < this.items.length) {
      const value = this.items[this.head] as T;
      this.head++;
      if (this.head === this.items.length) {
        this.items = [];
        this.head = 0;
      } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** The reader stopped (a `break` out of `for await`): unsubscribe and drop what is queued. */
  return(): Promise<IteratorResult<T>> {
    this.items = [];
    this.head = 0;
    this.end();
    this.onReturn?.();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
