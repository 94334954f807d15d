import type { Writable } from 'node:stream';
import { EnvironmentError, type ExecResult, type OutputChunk } from '@weft/agent-core';
import type { LaunchedProcess } from './run-process.js';

type OutputListener = (chunk: OutputChunk) => void;

/**
 * The listeners of one started process. Created before the process starts so that the first
 * chunk already reaches the listener given in the options; later listeners join from then on.
 */
export class OutputListeners {
  private readonly listeners = new Set<OutputListener>();

  constructor(first?: OutputListener) {
    if (first) this.listeners.add(first);
  }

  add(listener: OutputListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands a chunk to every listener; one that throws does not keep it from the others. */
  readonly emit = (chunk: OutputChunk): void => {
    for (const listener of [...this.listeners]) {
      try {
        listener(chunk);
      } catch {
        // A failing listener must not take the process or the other listeners down.
      }
    }
  };
}

/** The ExecutionEnvironment's ProcessHandle over a process launched on this machine. */
export class LocalProcessHandle {
  readonly pid: number;
  readonly exited: Promise<ExecResult>;
  private ended = false;
  private readonly stdin: Writable | null;

  constructor(
    private readonly launched: LaunchedProcess,
    private readonly listeners: OutputListeners,
  ) {
    this.pid = launched.pgid;
    this.stdin = launched.stdin;
    this.exited = launched.finished.finally(() => {
      this.ended = true;
    });
  }

  get running(): boolean {
    return !this.ended;
  }

  write(data: string | Uint8Array): Promise<void> {
    const stdin = this.stdin;
    if (this.ended || !stdin || stdin.destroyed || stdin.writableEnded) {
      return Promise.reject(this.closedError());
    }
    return new Promise((resolve, reject) => {
      stdin.write(data, (error) => (error ? reject(this.closedError(error)) : resolve()));
    });
  }

  closeStdin(): void {
    if (this.stdin && !this.stdin.writableEnded) this.stdin.end();
  }

  onOutput(listener: OutputListener): () => void {
    return this.listeners.add(listener);
  }

  kill(): Promise<ExecResult> {
    if (!this.ended) this.launched.stop();
    return this.exited;
  }

  private closedError(cause?: Error): EnvironmentError {
    const state = this.ended ? 'has ended' : 'has closed its input';
    return new EnvironmentError('IO_ERROR', `Cannot write to process ${this.pid}: it ${state}.`, {
      ...(cause ? { cause } : {}),
    });
  }
}
