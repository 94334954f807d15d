import type { ExecutionEnvironment, OutputChunk } from '@weft/agent-core';
import { LineCounter } from './line-counter.js';
import { chooseTimeout } from './timeouts.js';

export interface RunShellCommandOptions {
  /** The command, run with the environment's shell (`bash -c`). */
  command: string;
  /** Run before the command in the same shell (`export PATH=...`, `source .venv/bin/activate`). */
  commandPrefix?: string;
  /** The call's timeout in ms; default `defaultTimeoutMs`, lowered to `maxTimeoutMs`. */
  timeoutMs?: number;
  /** Default 10 000 (or the environment's own default when it exposes one). */
  defaultTimeoutMs?: number;
  /** Default 600 000, and never above the environment's own cap when it exposes one. */
  maxTimeoutMs?: number;
  /** Where the command starts; default the environment's working directory. */
  cwd?: string;
  /** Variables added for this command. */
  env?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Live output, as the environment delivers it (whole characters, per stream). */
  onOutput?: (chunk: OutputChunk) => void;
}

/** What happened, as data: no wording, no truncation for the model. */
export interface ShellRunResult {
  /** The command as the model gave it. */
  command: string;
  /** What the shell ran: the prefix and the command. */
  script: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** The timeout the command ran with. */
  timeoutMs: number;
  /** The timeout the call asked for, when it asked. */
  requestedTimeoutMs?: number;
  /** The request was above the maximum and was lowered to `timeoutMs`. */
  timeoutClamped: boolean;
  /** The largest timeout a call could have had. */
  maxTimeoutMs: number;
  /** stdout and stderr combined in arrival order (the environment's in-memory window of it). */
  output: string;
  stdout: string;
  stderr: string;
  /** Bytes the command wrote in all. */
  totalBytes: number;
  /** Lines the command wrote in all (counted as it ran, so exact even past the window). */
  totalLines: number;
  /** `output` holds only the most recent part of what was written. */
  outputTruncated: boolean;
  /** A file holding the whole output, when the environment saved one. */
  fullOutputPath?: string;
}

/**
 * Runs a shell command through `env.execCommand` and returns the facts. Throws only what the
 * environment throws when the command cannot start (a missing working directory, a missing
 * shell); exit codes, timeouts and aborts are part of the result.
 */
export async function runShellCommand(
  env: ExecutionEnvironment,
  options: RunShellCommandOptions,
): Promise<ShellRunResult> {
  const timeout = chooseTimeout(env, options.timeoutMs, {
    ...(options.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: options.defaultTimeoutMs }),
    ...(options.maxTimeoutMs === undefined ? {} : { maxTimeoutMs: options.maxTimeoutMs }),
  });
  const prefix = options.commandPrefix?.trim();
  // A newline, not `&&` or `;`: the prefix may end in a comment, and its failure should not hide the command.
  const script = prefix ? `${prefix}\n${options.command}` : options.command;
  const lines = new LineCounter();
  const result = await env.execCommand(script, {
    timeoutMs: timeout.timeoutMs,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onOutput: (chunk) => {
      lines.add(chunk.text);
      options.onOutput?.(chunk);
    },
  });
  return {
    command: options.command,
    script,
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    aborted: result.aborted,
    durationMs: result.durationMs,
    timeoutMs: timeout.timeoutMs,
    ...(timeout.requestedTimeoutMs === undefined ? {} : { requestedTimeoutMs: timeout.requestedTimeoutMs }),
    timeoutClamped: timeout.clamped,
    maxTimeoutMs: timeout.maxTimeoutMs,
    output: result.output,
    stdout: result.stdout,
    stderr: result.stderr,
    totalBytes: result.totalBytes,
    totalLines: lines.lines,
    outputTruncated: result.outputTruncated,
    ...(result.fullOutputPath === undefined ? {} : { fullOutputPath: result.fullOutputPath }),
  };
}
