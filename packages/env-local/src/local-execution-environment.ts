import { type Stats, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  type ByteRange,
  type DirEntry,
  EnvironmentError,
  type ExecOptions,
  type ExecResult,
  type ExecutionEnvironment,
  type FileStat,
  type PathAccess,
  type Platform,
} from '@weft/agent-core';
import { buildEnvironment, type EnvPolicyOptions } from './env-vars/env-policy.js';
import { DEFAULT_SECRET_PATTERNS } from './env-vars/secret-names.js';
import { toEnvironmentError } from './errors/fs-error.js';
import { deleteFile } from './files/delete-file.js';
import { listDirectory } from './files/list-directory.js';
import { readFileBytes } from './files/read-file.js';
import { readFileStream } from './files/read-file-stream.js';
import { statPath } from './files/stat-path.js';
import { writeFileAtomic } from './files/write-file-atomic.js';
import { DEFAULTS, type LocalExecutionEnvironmentOptions } from './options.js';
import { resolveFrom } from './paths/expand-home.js';
import { WritePolicy } from './paths/write-policy.js';
import { currentPlatform, describeOsVersion } from './platform/os-info.js';
import { FifoPool } from './process/fifo-pool.js';
import { LocalProcessHandle, OutputListeners } from './process/local-process-handle.js';
import type { OutputLimits } from './process/output-collector.js';
import { ProcessSet } from './process/process-set.js';
import { launchProcess, type RunRequest, runProcess } from './process/run-process.js';
import { SpillFiles } from './process/spill-files.js';

/**
 * The options of `startProcess`, taken from the interface (agent-core's index does not name the
 * type yet).
 */
export type StartProcessOptions = NonNullable<
  Parameters<NonNullable<ExecutionEnvironment['startProcess']>>[1]
>;

/** An ExecutionEnvironment on this machine: real files, real processes. */
export class LocalExecutionEnvironment implements ExecutionEnvironment {
  readonly kind = 'local';
  readonly workingDirectory: string;
  readonly platform: Platform = currentPlatform();
  readonly osVersion: string = describeOsVersion();
  /** The folders writes are confined to (working directory first). */
  readonly writableRoots: readonly string[];

  /** Timeout of a call that sets none, in ms. */
  readonly defaultTimeoutMs: number;
  /** Largest timeout a call gets, in ms; larger requests are lowered to it. */
  readonly maxTimeoutMs: number;

  private readonly writePolicy: WritePolicy;
  private readonly killGraceMs: number;
  private readonly shellPath: string;
  private readonly limits: OutputLimits;
  private readonly envOptions: EnvPolicyOptions;
  private readonly sourceEnv: Readonly<Record<string, string | undefined>>;
  private readonly running = new ProcessSet();
  private readonly spillFiles: SpillFiles;
  private readonly fifos = new FifoPool(tmpdir());

  constructor(options: LocalExecutionEnvironmentOptions) {
    this.workingDirectory = resolveFrom(process.cwd(), options.workingDirectory);
    this.writableRoots = [
      this.workingDirectory,
      ...(options.writableRoots ?? []).map((root) => resolveFrom(this.workingDirectory, root)),
    ];
    this.writePolicy = new WritePolicy(this.writableRoots, options.confineWrites ?? true);

    this.maxTimeoutMs = positive(options.maxTimeoutMs ?? DEFAULTS.maxTimeoutMs, 'maxTimeoutMs');
    this.defaultTimeoutMs = Math.min(
      positive(options.defaultTimeoutMs ?? DEFAULTS.defaultTimeoutMs, 'defaultTimeoutMs'),
      this.maxTimeoutMs,
    );
    this.killGraceMs = nonNegative(options.killGraceMs ?? DEFAULTS.killGraceMs, 'killGraceMs');
    this.shellPath = options.shellPath ?? DEFAULTS.shellPath;

    const windowBytes = positive(
      options.outputWindowBytes ?? DEFAULTS.outputWindowBytes,
      'outputWindowBytes',
    );
    // Infinity turns spilling off; any finite threshold must fit in the window that back-fills the file.
    const spillThresholdBytes =
      options.spillThresholdBytes === Number.POSITIVE_INFINITY
        ? Number.POSITIVE_INFINITY
        : nonNegative(
            options.spillThresholdBytes ?? Math.min(DEFAULTS.spillThresholdBytes, windowBytes),
            'spillThresholdBytes',
          );
    if (Number.isFinite(spillThresholdBytes) && spillThresholdBytes > windowBytes) {
      throw new RangeError(
        `spillThresholdBytes (${spillThresholdBytes}) must not exceed outputWindowBytes (${windowBytes}): the window back-fills the spill file`,
      );
    }
    this.spillFiles = new SpillFiles(options.spillDirectory ?? tmpdir());
    this.limits = { windowBytes, spillThresholdBytes, spillDirectory: this.spillFiles.directory };

    this.envOptions = {
      policy: options.envPolicy ?? 'inherit',
      secretPatterns: options.secretPatterns ?? DEFAULT_SECRET_PATTERNS,
      extraCoreVariables: options.extraCoreVariables ?? [],
      nonInteractive: options.nonInteractive ?? true,
      env: options.env ?? {},
    };
    this.sourceEnv = options.sourceEnv ?? process.env;
  }

  /** Checks that the working directory exists and is a folder. */
  async initialize(): Promise<void> {
    await this.requireDirectory(this.workingDirectory);
  }

  /** Stops every running command (as an abort would) and deletes the spill files this environment wrote. */
  async cleanup(): Promise<void> {
    await this.running.stopAll();
    await this.spillFiles.removeAll();
    this.fifos.dispose();
  }

  resolvePath(path: string, access: PathAccess): string {
    const absolute = resolveFrom(this.workingDirectory, path);
    if (access === 'write') this.writePolicy.check(absolute, true);
    return absolute;
  }

  stat(path: string): Promise<FileStat | undefined> {
    return statPath(this.resolvePath(path, 'read'));
  }

  async fileExists(path: string): Promise<boolean> {
    return (await this.stat(path)) !== undefined;
  }

  readFile(path: string, range?: ByteRange): Promise<Uint8Array> {
    return readFileBytes(this.resolvePath(path, 'read'), range);
  }

  readFileStream(
    path: string,
    options?: { start?: number; signal?: AbortSignal },
  ): AsyncIterable<Uint8Array> {
    return readFileStream(this.resolvePath(path, 'read'), options);
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    const absolute = resolveFrom(this.workingDirectory, path);
    // Writes go through symlinks to their target, which is what the policy judges.
    const target = this.writePolicy.check(absolute, true);
    await writeFileAtomic(target, data, absolute);
  }

  async deleteFile(path: string): Promise<void> {
    const absolute = resolveFrom(this.workingDirectory, path);
    // Deleting a link removes the link, not its target, so only the link's own folder is judged.
    const target = this.writePolicy.check(absolute, false);
    await deleteFile(target, absolute);
  }

  listDirectory(path: string, options?: { depth?: number; signal?: AbortSignal }): Promise<DirEntry[]> {
    return listDirectory(this.resolvePath(path, 'read'), options);
  }

  execCommand(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    return this.run(this.shellPath, ['-c', command], `the shell ${this.shellPath}`, options);
  }

  execFile(file: string, args: readonly string[], options: ExecOptions = {}): Promise<ExecResult> {
    return this.run(file, args, file, options);
  }

  /**
   * Starts `command` with `bash -c` and returns while it runs: stdin is an open pipe, output goes
   * to the listeners as it arrives, and the process keeps running between calls until it exits,
   * is killed, its signal aborts, its timeout (none by default) passes, or `cleanup()` stops it.
   * Process group, environment variables, output window and spill file as in `execCommand`.
   * Rejects with `ABORTED` when the signal has already fired, and as `execCommand` does when the
   * shell or the working directory is missing.
   */
  async startProcess(command: string, options: StartProcessOptions = {}): Promise<LocalProcessHandle> {
    const listeners = new OutputListeners(options.onOutput);
    const request = await this.request(this.shellPath, ['-c', command], `the shell ${this.shellPath}`, {
      ...options,
      onOutput: listeners.emit,
    });
    const timeoutMs =
      options.timeoutMs === undefined || !Number.isFinite(options.timeoutMs)
        ? undefined
        : Math.max(1, Math.floor(options.timeoutMs));
    const launched = options.signal?.aborted
      ? undefined
      : await launchProcess({ ...request, timeoutMs, stdin: 'pipe' }, this.running);
    if (!launched) {
      throw new EnvironmentError('ABORTED', `Starting the command was aborted: ${command}`);
    }
    void launched.finished.then((result) => {
      if (result.fullOutputPath) this.spillFiles.remember(result.fullOutputPath);
    });
    return new LocalProcessHandle(launched, listeners);
  }

  /** The timeout a call gets: the default when unset, lowered to the maximum, at least 1 ms. */
  effectiveTimeoutMs(requested: number | undefined): number {
    if (requested === undefined || !Number.isFinite(requested)) return this.defaultTimeoutMs;
    return Math.min(Math.max(1, Math.floor(requested)), this.maxTimeoutMs);
  }

  private async run(
    file: string,
    args: readonly string[],
    label: string,
    options: ExecOptions,
  ): Promise<ExecResult> {
    const request = await this.request(file, args, label, options);
    const result = await runProcess(
      { ...request, timeoutMs: this.effectiveTimeoutMs(options.timeoutMs) },
      this.running,
    );
    if (result.fullOutputPath) this.spillFiles.remember(result.fullOutputPath);
    return result;
  }

  /** What every process needs: an existing cwd, the filtered environment, limits and pipes. */
  private async request(
    file: string,
    args: readonly string[],
    label: string,
    options: ExecOptions | StartProcessOptions,
  ): Promise<Omit<RunRequest, 'timeoutMs'>> {
    const cwd = options.cwd === undefined ? this.workingDirectory : this.resolvePath(options.cwd, 'read');
    await this.requireDirectory(cwd);
    return {
      file,
      args,
      cwd,
      env: buildEnvironment(this.sourceEnv, this.envOptions, options.env),
      killGraceMs: this.killGraceMs,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
      limits: this.limits,
      label,
      fifos: this.fifos,
    };
  }

  /**
   * Synchronous on purpose: a directory's stat is one cheap system call, and checking without a
   * turn of the event loop lets a command be spawned before work queued with setImmediate runs
   * (a host starts git at once, then loads its own code while git runs).
   */
  private async requireDirectory(path: string): Promise<void> {
    let info: Stats;
    try {
      info = statSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new EnvironmentError('NOT_FOUND', `Working directory does not exist: ${path}`, {
          path,
          cause: error,
        });
      }
      throw toEnvironmentError(error as NodeJS.ErrnoException, path, 'stat');
    }
    if (!info.isDirectory()) {
      throw new EnvironmentError('NOT_DIRECTORY', `Working directory is not a directory: ${path}`, { path });
    }
  }
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

function nonNegative(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be zero or more, got ${value}`);
  return value;
}
