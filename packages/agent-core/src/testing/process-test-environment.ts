import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { release } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { EnvironmentError } from '../environment/environment-error.js';
import type {
  ByteRange,
  DirEntry,
  ExecOptions,
  ExecResult,
  ExecutionEnvironment,
  FileStat,
} from '../environment/execution-environment.js';

/**
 * A small ExecutionEnvironment on node:fs and node:child_process for this package's tests
 * (agent-core cannot depend on @weft/env-local, which depends on it): real files in a temp
 * folder, real `bash -c` processes in their own process group, streamed output, and the spec's
 * kill rule on timeout and abort (SIGTERM to the group, SIGKILL 2 s later); no path policy, no
 * output windowing. `running` counts the processes still alive, so a test can see that an abort
 * left none behind; `calls` records the methods called, so a test can count round trips.
 */
export class ProcessTestEnvironment implements ExecutionEnvironment {
  readonly kind = 'process-test';
  readonly platform = 'linux' as const;
  readonly osVersion = `Linux ${release()}`;
  readonly defaultTimeoutMs = 10_000;
  readonly maxTimeoutMs = 600_000;
  /** Process ids of commands still running. */
  readonly running = new Set<number>();
  /** `stat path`, `readFile path [start-end]`, `execCommand command`, `execFile file`, in order. */
  readonly calls: string[] = [];

  constructor(
    readonly workingDirectory: string,
    /** Variables set for every command (PATH, to hide or fake `git`). */
    private readonly commandEnv: Readonly<Record<string, string>> = {},
  ) {}

  async initialize(): Promise<void> {}
  async cleanup(): Promise<void> {}

  resolvePath(path: string): string {
    return isAbsolute(path) ? resolve(path) : resolve(this.workingDirectory, path);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    this.calls.push(`stat ${path}`);
    try {
      const stats = statSync(this.resolvePath(path));
      const type = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
      return { type, size: stats.size, mtimeMs: stats.mtimeMs, isSymbolicLink: false };
    } catch {
      return undefined;
    }
  }

  async fileExists(path: string): Promise<boolean> {
    return existsSync(this.resolvePath(path));
  }

  async readFile(path: string, range?: ByteRange): Promise<Uint8Array> {
    this.calls.push(range ? `readFile ${path} ${range.start ?? 0}-${range.end ?? ''}` : `readFile ${path}`);
    const absolute = this.resolvePath(path);
    try {
      const bytes = readFileSync(absolute);
      return bytes.subarray(range?.start ?? 0, range?.end ?? bytes.length);
    } catch (error) {
      throw toEnvironmentError(error, path);
    }
  }

  async *readFileStream(path: string): AsyncIterable<Uint8Array> {
    yield await this.readFile(path);
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    const absolute = this.resolvePath(path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, data);
  }

  async deleteFile(path: string): Promise<void> {
    unlinkSync(this.resolvePath(path));
  }

  async listDirectory(path: string): Promise<DirEntry[]> {
    return readdirSync(this.resolvePath(path), { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      type: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other',
    }));
  }

  execCommand(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    this.calls.push(`execCommand ${command}`);
    return this.run('/bin/bash', ['-c', command], options);
  }

  execFile(file: string, args: readonly string[], options: ExecOptions = {}): Promise<ExecResult> {
    this.calls.push(`execFile ${file}`);
    return this.run(file, args, options);
  }

  private run(file: string, args: readonly string[], options: ExecOptions): Promise<ExecResult> {
    const cwd = this.resolvePath(options.cwd ?? '.');
    const started = performance.now();
    if (!existsSync(cwd)) {
      return Promise.reject(new EnvironmentError('NOT_FOUND', `Working directory not found: ${cwd}`));
    }
    return new Promise((resolvePromise, reject) => {
      const child = spawn(file, args, {
        cwd,
        env: { ...process.env, ...this.commandEnv, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const pid = child.pid;
      if (pid !== undefined) this.running.add(pid);
      let stdout = '';
      let stderr = '';
      let output = '';
      let timedOut = false;
      let aborted = false;
      let killTimer: NodeJS.Timeout | undefined;
      const stop = (): void => {
        if (pid === undefined || killTimer) return;
        signalGroup(pid, 'SIGTERM');
        killTimer = setTimeout(() => signalGroup(pid, 'SIGKILL'), 2_000);
      };
      const timer = setTimeout(
        () => {
          timedOut = true;
          stop();
        },
        Math.min(options.timeoutMs ?? this.defaultTimeoutMs, this.maxTimeoutMs),
      );
      const onAbort = (): void => {
        aborted = true;
        stop();
      };
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
      const take = (stream: 'stdout' | 'stderr') => (text: string) => {
        if (stream === 'stdout') stdout += text;
        else stderr += text;
        output += text;
        options.onOutput?.({ stream, text });
      };
      child.stdout.setEncoding('utf8').on('data', take('stdout'));
      child.stderr.setEncoding('utf8').on('data', take('stderr'));
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new EnvironmentError('SPAWN_FAILED', error.message, { cause: error }));
      });
      child.on('close', (exitCode, signal) => {
        clearTimeout(timer);
        clearTimeout(killTimer);
        options.signal?.removeEventListener('abort', onAbort);
        if (pid !== undefined) this.running.delete(pid);
        resolvePromise({
          stdout,
          stderr,
          output,
          exitCode,
          signal,
          timedOut,
          aborted,
          durationMs: performance.now() - started,
          totalBytes: Buffer.byteLength(output),
          outputTruncated: false,
        });
      });
    });
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

function toEnvironmentError(error: unknown, path: string): EnvironmentError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new EnvironmentError('NOT_FOUND', `File not found: ${path}`, { path });
  if (code === 'EISDIR') return new EnvironmentError('IS_DIRECTORY', `Is a directory: ${path}`, { path });
  if (code === 'EACCES')
    return new EnvironmentError('PERMISSION_DENIED', `Permission denied: ${path}`, { path });
  return new EnvironmentError('IO_ERROR', String(error), { path, cause: error });
}
