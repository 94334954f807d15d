/**
 * A one-producer, many-consumer queue that keeps every item, so each consumer (the event loop of
 * a StreamResult, its textStream, its final result) sees the whole sequence from the start,
 * whenever it begins reading. The producer ends it normally or with an error, which every
 * consumer then throws after the items before it.
 */
export class ReplayBuffer<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void)[] = [];

  push(item: T): void {
    this.items.push(item);
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.failure = { error };
    this.end();
  }

  get closed(): boolean {
    return this.ended;
  }

  /** A fresh iterator from the first item. `onReturn` runs when the consumer stops early. */
  iterator(onReturn?: () => void): AsyncIterator<T> {
    let index = 0;
    let stopped = false;
    const next = async (): Promise<IteratorResult<T>> => {
      while (!stopped) {
        if (index < this.items.length) return { value: this.items[index++] as T, done: false };
        if (this.failure) throw this.failure.error;
        if (this.ended) break;
        await new Promise<void>((resolve) => this.wake.push(resolve));
      }
      return { value: undefined, done: true };
    };
    return {
      next,
      return: async (): Promise<IteratorResult<T>> => {
        if (!stopped) {
          stopped = true;
          if (!this.ended) onReturn?.();
        }
        return { value: undefined, done: true };
      },
    };
  }

  private notify(): void {
    const waiting = this.wake;
    this.wake = [];
    for (const resolve of waiting) resolve();
  }
}
