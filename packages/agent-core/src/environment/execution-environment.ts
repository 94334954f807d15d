/**
 * Where tools run. Every file and process operation a tool performs goes through an
 * ExecutionEnvironment, so the same tool works on this machine, in a Docker container or on a
 * host over SSH. Environments offer primitives (files, processes, path policy); tools build
 * behaviour (matching, formatting, limits) on top of them.
 *
 * Paths passed to any method may be absolute, relative to `workingDirectory`, or start with `~`.
 * Every method that can fail throws an {@link EnvironmentError} with a `code` tools can act on.
 */
export interface ExecutionEnvironment {
  /** A short name for logs and events: 'local', 'docker', 'ssh', or a host's own. */
  readonly kind: string;
  /** The absolute working directory that relative paths and commands start from. */
  readonly workingDirectory: string;
  /** 'linux', 'darwin', 'windows' or 'wasm'. */
  readonly platform: Platform;
  /** A human-readable OS version, as shown to the model in the environment block. */
  readonly osVersion: string;
  /** The command timeout used when a call gives none (the loop spec's default is 10 000 ms). */
  readonly defaultTimeoutMs?: number;
  /** The longest command timeout the environment allows; longer requests are lowered to it. */
  readonly maxTimeoutMs?: number;

  /** Prepares the environment (start a container, open a connection). Idempotent. */
  initialize(): Promise<void>;
  /** Releases everything the environment holds and kills any process it still runs. Idempotent. */
  cleanup(): Promise<void>;

  /**
   * Resolves `path` to an absolute path in this environment: `~` expanded, relative paths taken
   * from the working directory, `.` and `..` collapsed. With `access: 'write'` the path policy
   * applies and a path outside the allowed roots throws `EnvironmentError` with code
   * `OUTSIDE_ALLOWED_ROOTS` (its message names the allowed roots).
   */
  resolvePath(path: string, access: PathAccess): string;

  /** Facts about a path (symlinks followed), or `undefined` when nothing is there. */
  stat(path: string): Promise<FileStat | undefined>;
  /** True when something exists at `path`. */
  fileExists(path: string): Promise<boolean>;
  /**
   * Reads bytes. With a range, reads only `[start, end)` so large files are never loaded whole.
   * Throws NOT_FOUND, IS_DIRECTORY or PERMISSION_DENIED.
   */
  readFile(path: string, range?: ByteRange): Promise<Uint8Array>;
  /** Streams a file's bytes from `start` (default 0) in chunks, for reads that must not load it whole. */
  readFileStream(path: string, options?: { start?: number; signal?: AbortSignal }): AsyncIterable<Uint8Array>;
  /**
   * Replaces the whole file atomically (a reader sees the old or the new content, never a mix),
   * creating missing parent folders. Subject to the write path policy. Keeps the mode of a
   * file it replaces.
   */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** Deletes a file (not a folder). Subject to the write path policy. Throws NOT_FOUND. */
  deleteFile(path: string): Promise<void>;
  /**
   * Lists a folder. `depth` 1 (default) lists direct children; deeper levels are included with
   * their paths relative to `path` ('src/index.ts'). Order is unspecified; tools sort.
   */
  listDirectory(path: string, options?: { depth?: number; signal?: AbortSignal }): Promise<DirEntry[]>;

  /**
   * Runs `command` through the environment's shell (`bash -c` on Unix) in a new process group,
   * stdin closed, non-interactive settings (no pager, editor or terminal prompt), the
   * environment-variable policy applied. Never rejects because the command failed, timed out or
   * was aborted: those are facts in the result. Rejects only when the command could not be
   * started at all (`SPAWN_FAILED`, `NOT_FOUND` for a missing cwd).
   */
  execCommand(command: string, options?: ExecOptions): Promise<ExecResult>;
  /**
   * Runs a program with an argument vector and no shell (for example ripgrep), with the same
   * process-group, timeout, abort and output handling as `execCommand`.
   */
  execFile(file: string, args: readonly string[], options?: ExecOptions): Promise<ExecResult>;
  /**
   * Optional: starts `command` through the environment's shell as an interactive process and
   * returns at once, so a caller can write to its stdin and read its output while it runs (what
   * codex's `exec_command` / `write_stdin` and background shells need). Same rules as
   * `execCommand`: a new process group, the environment-variable policy and non-interactive
   * settings, SIGTERM then SIGKILL to the whole group when it is stopped, output windowing and
   * spill file. Unlike `execCommand`, stdin is an open pipe and there is no default timeout: the
   * process runs until it exits, is killed, its signal aborts, or `cleanup()` stops it.
   * Environments that cannot keep a process between calls leave this out; tools that need it
   * answer with an error saying so. Rejects only when nothing could start (as `execCommand`).
   */
  startProcess?(command: string, options?: StartProcessOptions): Promise<ProcessHandle>;
}

export interface StartProcessOptions {
  /** Where the command starts; relative paths are taken from the working directory. */
  cwd?: string;
  /** Variables added on top of what the environment-variable policy lets through. */
  env?: Readonly<Record<string, string>>;
  /** Milliseconds before the group is stopped as a timed-out command is. Default: no limit. */
  timeoutMs?: number;
  /** Aborting stops the process group (the result says `aborted`). */
  signal?: AbortSignal;
  /** Receives every chunk of output from the first byte (later listeners: `ProcessHandle.onOutput`). */
  onOutput?: (chunk: OutputChunk) => void;
}

/** A process started by `startProcess`. */
export interface ProcessHandle {
  /** The shell's process id, which is also the id of its process group. */
  readonly pid: number;
  /** True until the process group has ended. */
  readonly running: boolean;
  /**
   * Writes to the process's stdin. Rejects with an EnvironmentError (`IO_ERROR`) once stdin is
   * closed or the process has ended.
   */
  write(data: string | Uint8Array): Promise<void>;
  /** Closes stdin, so the process reads end-of-file. Idempotent. */
  closeStdin(): void;
  /** Subscribes to output from now on (whole characters, per stream); returns the unsubscribe function. */
  onOutput(listener: (chunk: OutputChunk) => void): () => void;
  /**
   * Settles once no process of the group runs and the output is read, with the facts
   * `execCommand` reports. Never rejects.
   */
  readonly exited: Promise<ExecResult>;
  /** Stops the group (SIGTERM, SIGKILL after the grace period) and resolves with the result. Idempotent. */
  kill(): Promise<ExecResult>;
}

export type Platform = 'linux' | 'darwin' | 'windows' | 'wasm';

export type PathAccess = 'read' | 'write';

export interface ByteRange {
  /** First byte to read (inclusive). Default 0. */
  start?: number;
  /** Byte to stop before (exclusive). Default: end of file. */
  end?: number;
}

export interface FileStat {
  type: 'file' | 'directory' | 'other';
  /** Size in bytes (0 for folders). */
  size: number;
  /** Last modification time, milliseconds since the epoch. */
  mtimeMs: number;
  /** True when the path itself is a symbolic link (the other fields describe its target). */
  isSymbolicLink: boolean;
}

export interface DirEntry {
  /** Path relative to the listed folder, '/'-separated ('src/index.ts'). */
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  /** Size in bytes for files; undefined otherwise. */
  size?: number;
  mtimeMs?: number;
}

export interface ExecOptions {
  /** Where the command starts; relative paths are taken from the working directory. */
  cwd?: string;
  /** Variables added on top of what the environment-variable policy lets through. */
  env?: Readonly<Record<string, string>>;
  /**
   * Milliseconds before the process group gets SIGTERM (then SIGKILL 2 s later). Defaults to
   * the environment's default (10 000) and is capped at its maximum (600 000).
   */
  timeoutMs?: number;
  /** Aborting kills the process group the same way a timeout does. */
  signal?: AbortSignal;
  /** Receives output as it arrives, decoded as UTF-8 and never split inside a character. */
  onOutput?: (chunk: OutputChunk) => void;
}

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface ExecResult {
  /**
   * What the process wrote to stdout. When the output outgrew the in-memory window this is the
   * most recent part only (`outputTruncated` is true) and the whole output is in `fullOutputPath`.
   */
  stdout: string;
  /** What the process wrote to stderr, with the same windowing as `stdout`. */
  stderr: string;
  /** stdout and stderr interleaved in the order they arrived, with the same windowing. */
  output: string;
  /** The exit code, or null when the process ended by a signal. */
  exitCode: number | null;
  /** The signal that ended the process ('SIGTERM', 'SIGKILL'), or null. */
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Bytes written to stdout and stderr together. */
  totalBytes: number;
  /** True when `stdout`, `stderr` and `output` hold only the most recent part of the output. */
  outputTruncated: boolean;
  /**
   * A file in the environment holding the whole combined output, present when the output grew
   * past the spill threshold. The caller may read it with `readFile`.
   */
  fullOutputPath?: string;
}
