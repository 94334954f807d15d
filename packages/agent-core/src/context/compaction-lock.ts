import { CompactionError } from './compaction-error.js';

/**
 * One compaction at a time per session: two running at once would each replace the same turns
 * and the second result would drop what the first kept. A session holds one lock and passes it
 * to every compaction; a compaction that finds it held fails at once with `in_progress`, without
 * a model call.
 */
export class CompactionLock {
  #held = false;

  get held(): boolean {
    return this.#held;
  }

  /** Takes the lock and returns its release (idempotent), or throws `in_progress` when it is held. */
  acquire(): () => void {
    if (this.#held)
      throw new CompactionError('in_progress', 'A compaction is already in progress for this session.');
    this.#held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held = false;
    };
  }

  /** Runs `task` holding the lock; throws `in_progress` (before calling `task`) when it is held. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
