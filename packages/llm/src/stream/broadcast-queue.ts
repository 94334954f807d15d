interface Cursor<T> {
  /** Sequence number of the next item this consumer reads. */
  next: number;
  /** A `next()` call waiting for an item: the producer hands the item straight to it. */
  waiting?: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void };
}

/**
 * A one-producer, many-consumer queue: every consumer sees each item pushed after it started,
 * in order, and the producer's end or error after them. Items every live consumer has read are
 * dropped, so a long stream is not held in memory (holding 20,000 events costs real GC time).
 * Consumers that start together, before the first item, all see the whole sequence. A consumer
 * waiting for an item gets it from `push` directly, with no extra promise hops: this sits on the
 * path of every stream event.
 */
export class BroadcastQueue<T> {
  /** Items not yet read by every live consumer; `items[0]` has sequence number `base`. */
  private items: T[] = [];
  private base = 0;
  private readonly cursors = new Set<Cursor<T>>();
  private ended = false;
  private failure: { error: unknown } | undefined;

  push(item: T): void {
    if (this.ended) return;
    if (this.cursors.size === 0) {
      // Nobody is reading: nothing to keep.
      this.base++;
      return;
    }
    this.items.push(item);
    for (const cursor of this.cursors) {
      const waiting = cursor.waiting;
      if (waiting) {
        cursor.waiting = undefined;
        waiting.resolve(this.take(cursor));
      }
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const cursor of [...this.cursors]) {
      const waiting = cursor.waiting;
      if (!waiting) continue;
      cursor.waiting = undefined;
      this.cursors.delete(cursor);
      if (this.failure) waiting.reject(this.failure.error);
      else waiting.resolve({ value: undefined, done: true });
    }
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = { error };
    this.end();
  }

  /** A consumer from the next item on. `onReturn` runs when it stops before the end. */
  iterator(onReturn?: () => void): AsyncIterator<T> {
    const cursor: Cursor<T> = { next: this.base + this.items.length };
    let stopped = false;
    if (!this.ended) this.cursors.add(cursor);
    else stopped = this.failure === undefined;
    return {
      next: () => {
        if (!stopped && cursor.next < this.base + this.items.length)
          return Promise.resolve(this.take(cursor));
        if (stopped || this.ended) {
          stopped = true;
          this.cursors.delete(cursor);
          if (this.failure) return Promise.reject(this.failure.error);
          return Promise.resolve({ value: undefined, done: true });
        }
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          cursor.waiting = { resolve, reject };
        });
      },
      return: async () => {
        if (!stopped) {
          stopped = true;
          this.cursors.delete(cursor);
          cursor.waiting?.resolve({ value: undefined, done: true });
          cursor.waiting = undefined;
          this.trim();
          if (!this.ended) onReturn?.();
        }
        return { value: undefined, done: true };
      },
    };
  }

  private take(cursor: Cursor<T>): IteratorResult<T> {
    const value = this.items[cursor.next - this.base] as T;
    cursor.next++;
    if (cursor.next - this.base >= 1024) this.trim();
    return { value, done: false };
  }

  /** Drops the items every live consumer has read. */
  private trim(): void {
    let lowest = this.base + this.items.length;
    for (const cursor of this.cursors) lowest = Math.min(lowest, cursor.next);
    const read = lowest - this.base;
    if (read <= 0) return;
    this.items = read === this.items.length ? [] : this.items.slice(read);
    this.base = lowest;
  }
}
