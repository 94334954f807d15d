import { type ExecutionEnvironment, ToolError } from '@weft/agent-core';
import { ManagedProcess } from './managed-process.js';
import { OutputBuffer } from './output-buffer.js';

/** codex allows 64 live unified-exec processes per session; the same cap applies here per environment. */
export const MAX_LIVE_PROCESSES = 64;

const registries = new WeakMap<ExecutionEnvironment, ProcessRegistry>();

export interface StartOptions {
  cwd?: string;
  env?: Readonly<Record<string, string>>;
  /** How the id is chosen: the next small number (codex session ids) or the pid (gemini-cli). */
  idKind?: 'sequence' | 'pid';
}

/**
 * The processes tools started in one environment and left running (codex's exec sessions,
 * Claude Code's and gemini-cli's background shells). Keyed by environment, because processes
 * belong to it: every session on the environment (a parent and its subagents) sees the same
 * ones, and they end with the environment's `cleanup()`.
 */
export class ProcessRegistry {
  private readonly processes = new Map<number, ManagedProcess>();
  private nextId = 1;

  private constructor(private readonly env: ExecutionEnvironment) {}

  static of(env: ExecutionEnvironment): ProcessRegistry {
    let registry = registries.get(env);
    if (!registry) {
      registry = new ProcessRegistry(env);
      registries.set(env, registry);
    }
    return registry;
  }

  /**
   * Starts `command` and registers it. Throws a ToolError naming `toolName` when the environment
   * cannot keep processes (no `startProcess`) or too many are running already.
   */
  async start(toolName: string, command: string, options: StartOptions = {}): Promise<ManagedProcess> {
    const startProcess = this.env.startProcess?.bind(this.env);
    if (!startProcess) {
      throw new ToolError(
        `${toolName} needs an environment that can keep a process running between calls, and the ${this.env.kind} environment cannot (it has no startProcess). Run the command to completion with the other shell tool instead.`,
      );
    }
    const live = [...this.processes.values()].filter((process) => process.handle.running);
    if (live.length >= MAX_LIVE_PROCESSES) {
      throw new ToolError(
        `${MAX_LIVE_PROCESSES} processes are already running; stop some (or let them finish) before starting another.`,
      );
    }
    const output = new OutputBuffer();
    const handle = await startProcess(command, {
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.env === undefined ? {} : { env: options.env }),
      onOutput: (chunk) => output.receive(chunk.text),
    });
    const id = options.idKind === 'pid' ? handle.pid : this.nextId++;
    const process = new ManagedProcess(id, command, handle, output);
    this.processes.set(id, process);
    return process;
  }

  get(id: number): ManagedProcess | undefined {
    return this.processes.get(id);
  }

  /** Every registered process, oldest first. */
  list(): ManagedProcess[] {
    return [...this.processes.values()];
  }

  /** Drops a process from the registry (it keeps running if it still does). */
  forget(id: number): void {
    this.processes.delete(id);
  }
}
