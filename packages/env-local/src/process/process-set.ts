/** The commands an environment is running, so `cleanup()` can stop them all. */
export class ProcessSet {
  private readonly running = new Map<symbol, { stop(): void; done: Promise<unknown> }>();

  add(stop: () => void, done: Promise<unknown>): void {
    const key = Symbol('process');
    this.running.set(key, { stop, done });
    void done.finally(() => this.running.delete(key)).catch(() => undefined);
  }

  get size(): number {
    return this.running.size;
  }

  /** Stops every running command and waits until each has ended. */
  async stopAll(): Promise<void> {
    const entries = [...this.running.values()];
    for (const entry of entries) entry.stop();
    await Promise.allSettled(entries.map((entry) => entry.done));
  }
}
