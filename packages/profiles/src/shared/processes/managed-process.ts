import type { ExecResult, ExecutionEnvironment } from '@weft/agent-core';
import type { OutputBuffer } from './output-buffer.js';

/** The handle `startProcess` returns (agent-core's index does not name the type). */
export type ProcessHandle = Awaited<ReturnType<NonNullable<ExecutionEnvironment['startProcess']>>>;

/** A process started by a tool that outlives the tool call: its handle, its output, its end. */
export class ManagedProcess {
  /** `performance.now()` when it started. */
  readonly startedAt = performance.now();
  private ended: ExecResult | undefined;
  private readonly exitWaiters = new Set<() => void>();

  constructor(
    /** The id tools show the model (a small number, or the pid where the reference agent shows pids). */
    readonly id: number,
    readonly command: string,
    readonly handle: ProcessHandle,
    readonly output: OutputBuffer,
  ) {
    void handle.exited.then((result) => {
      this.ended = result;
      for (const wake of [...this.exitWaiters]) wake();
    });
  }

  get pid(): number {
    return this.handle.pid;
  }

  /** How it ended, once it has. */
  get result(): ExecResult | undefined {
    return this.ended;
  }

  /**
   * Waits until the process has ended, `ms` have passed, or `signal` aborts, whichever comes
   * first; true when it has ended.
   */
  waitForExit(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.ended) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.exitWaiters.delete(finish);
        signal?.removeEventListener('abort', finish);
        // The exit handler runs before `ended` is read by the caller, so report what is true now.
        resolve(this.ended !== undefined);
      };
      const timer = setTimeout(finish, Math.max(0, ms));
      this.exitWaiters.add(finish);
      signal?.addEventListener('abort', finish, { once: true });
    });
  }

  /** Waits for the process to end and for its last output to be read (exited settles after). */
  async settled(): Promise<ExecResult> {
    return this.handle.exited;
  }
}
