import { type ChildProcess, spawn as spawnChild } from 'node:child_process';
import type { Writable } from 'node:stream';
import { EnvironmentError, type ExecResult, type OutputChunk } from '@weft/agent-core';
import type { FifoPool } from './fifo-pool.js';
import { GroupKiller } from './group-killer.js';
import { trackGroup, untrackGroup } from './live-groups.js';
import { OutputCollector, type OutputLimits } from './output-collector.js';
import { OutputPipes } from './output-pipes.js';
import { groupIsRunning } from './process-group.js';
import type { ProcessSet } from './process-set.js';

export interface RunRequest {
  file: string;
  args: readonly string[];
  /** Absolute, existing folder (checked by the caller). */
  cwd: string;
  /** The complete environment of the process. */
  env: Record<string, string>;
  /** Undefined: no timeout (startProcess). */
  timeoutMs: number | undefined;
  killGraceMs: number;
  signal?: AbortSignal;
  onOutput?: (chunk: OutputChunk) => void;
  limits: OutputLimits;
  /** How spawn errors name what could not be started ("the shell /bin/bash", "rg"). */
  label: string;
  /** Where the output pipes come from. */
  fifos: FifoPool;
}

/**
 * Runs one program in its own process group (stdin closed, output collected, see
 * OutputCollector) and settles with the facts: it rejects only when the program could not be
 * started. The group ends with the command:
 * - on timeout or abort, SIGTERM to the group and SIGKILL `killGraceMs` later if anything survives;
 * - when the program exits on its own, members it left running in the background get the same
 *   sequence, so nothing outlives the command unless it deliberately left the group (setsid).
 * The result is returned only once no member of the group is running.
 */
export async function runProcess(request: RunRequest, running?: ProcessSet): Promise<ExecResult> {
  const started = performance.now();
  if (request.signal?.aborted) return notStarted(started);
  const launched = await launchProcess({ ...request, stdin: 'ignore' }, running);
  return launched ? launched.finished : notStarted(started);
}

/** A process that is running: how to reach its stdin, stop it, and learn how it ended. */
export interface LaunchedProcess {
  pgid: number;
  /** The write end of its stdin; null when stdin was not a pipe. */
  stdin: Writable | null;
  /** Stops the group as an abort does (SIGTERM, SIGKILL after the grace period). */
  stop(): void;
  /** Settles once no member of the group runs and the output is read. Never rejects. */
  finished: Promise<ExecResult>;
}

/**
 * Starts one program in its own process group and returns while it runs (runProcess waits for
 * `finished`; startProcess hands the process to its caller). `timeoutMs` undefined means no
 * timeout. Resolves undefined when the signal fired before anything started; rejects only when
 * the program could not be started.
 */
export async function launchProcess(
  request: RunRequest & { stdin: 'ignore' | 'pipe' },
  running?: ProcessSet,
): Promise<LaunchedProcess | undefined> {
  const started = performance.now();
  const collector = new OutputCollector(request.limits, request.onOutput);
  const pipes = await OutputPipes.open(request.fifos);
  // The signal may have fired while the pipes were being made.
  if (request.signal?.aborted) {
    pipes.destroy();
    return undefined;
  }
  let subprocess: ChildProcess;
  try {
    subprocess = spawn(request, pipes);
  } catch (error) {
    pipes.destroy();
    throw spawnFailed(request.label, (error as NodeJS.ErrnoException).code, error);
  }
  // Failing to start (ENOENT, EACCES) is reported by an 'error' event, after spawn returned;
  // later 'error' events (a signal that could not be sent) must not take the host down.
  const spawnError = new Promise<NodeJS.ErrnoException>((resolve) => subprocess.on('error', resolve));
  const pgid = subprocess.pid;
  if (pgid === undefined) {
    pipes.destroy();
    subprocess.stdout?.resume();
    subprocess.stderr?.resume();
    const failure = await spawnError;
    throw spawnFailed(request.label, failure.code, failure);
  }
  const exited = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    subprocess.once('exit', (exitCode, signal) => resolve({ exitCode, signal })),
  );

  trackGroup(pgid);
  pipes.attach(subprocess, (bytes, stream) => collector.receive(bytes, stream));
  const killer = new GroupKiller(pgid, request.killGraceMs);
  let timedOut = false;
  let aborted = false;
  let leaderExited = false;

  // After the leader exits, a process that left the group may still hold the pipes open; the
  // timeout then stops us waiting for it.
  const giveUpOnPipes = () => pipes.destroy();
  const timer =
    request.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          if (leaderExited) return giveUpOnPipes();
          timedOut = true;
          killer.start();
        }, request.timeoutMs);
  const stop = () => {
    if (leaderExited) return giveUpOnPipes();
    if (!timedOut) aborted = true;
    killer.start();
  };
  request.signal?.addEventListener('abort', stop, { once: true });
  subprocess.once('exit', () => {
    leaderExited = true;
    if (groupIsRunning(pgid)) killer.start();
  });
  // A write after the process closed its stdin fails with EPIPE; the writer learns it from its
  // own callback, and an unhandled 'error' event must not take the host down.
  subprocess.stdin?.on('error', () => undefined);

  const finished = (async (): Promise<ExecResult> => {
    try {
      const [result] = await Promise.all([exited, pipes.whenEnded()]);
      await killer.waitUntilGone();
      return {
        ...collector.finish(),
        exitCode: result.exitCode,
        signal: result.signal,
        timedOut,
        aborted,
        durationMs: Math.round(performance.now() - started),
      };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', stop);
      subprocess.stdin?.destroy();
      untrackGroup(pgid);
    }
  })();
  running?.add(stop, finished);
  return { pgid, stdin: subprocess.stdin, stop, finished };
}

function spawn(request: RunRequest & { stdin: 'ignore' | 'pipe' }, pipes: OutputPipes): ChildProcess {
  return spawnChild(request.file, request.args, {
    cwd: request.cwd,
    env: request.env, // complete: nothing of this process's own environment is added
    detached: true, // setsid(): a new session and process group, no controlling terminal
    stdio: [request.stdin, pipes.stdio[0], pipes.stdio[1]],
    windowsHide: true,
  });
}

function notStarted(started: number): ExecResult {
  return {
    stdout: '',
    stderr: '',
    output: '',
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: true,
    durationMs: Math.round(performance.now() - started),
    totalBytes: 0,
    outputTruncated: false,
  };
}

function spawnFailed(label: string, code: string | undefined, cause: unknown): EnvironmentError {
  const reason =
    code === 'ENOENT'
      ? 'it was not found (ENOENT). Check that it is installed and the path or PATH is right.'
      : code === 'EACCES'
        ? 'permission denied (EACCES). Check that it is an executable file.'
        : `${code ?? (cause instanceof Error ? cause.message : 'unknown error')}.`;
  return new EnvironmentError('SPAWN_FAILED', `Could not start ${label}: ${reason}`, { cause });
}
