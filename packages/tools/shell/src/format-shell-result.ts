import { formatSize, type TruncationResult, truncateTail } from '@weft/agent-core';
import type { ShellRunResult } from './run-shell-command.js';

export interface ShellFormatOptions {
  /** Lines of output the model sees, counted from the end. Default 2000. */
  maxLines?: number;
  /** Bytes of output the model sees, counted from the end. Default 50 KiB. */
  maxBytes?: number;
  /** How the timeout parameter is called in the advice after a timeout. Default 'timeout_ms'. */
  timeoutParameterName?: string;
}

export interface FormattedShellResult {
  /** The text the model reads. */
  text: string;
  /** Non-zero exit, signal, timeout or abort. */
  isError: boolean;
  /** What the tail cut kept, with counts over the whole output; undefined when nothing was cut. */
  truncation?: ShellTruncation;
}

export interface ShellTruncation extends Omit<TruncationResult, 'content' | 'totalLines' | 'totalBytes'> {
  /** Lines the command wrote in all. */
  totalLines: number;
  /** Bytes the command wrote in all. */
  totalBytes: number;
  /** First and last line shown, 1-based, over the whole output. */
  startLine: number;
  endLine: number;
  /** Lines before `startLine` that the model does not see. */
  omittedLines: number;
  fullOutputPath?: string;
}

/**
 * Turns a shell run into what the model reads: the end of the output (2000 lines / 50 KiB by
 * default), a notice when it was cut, and a status line when the command did not exit 0. Blocks
 * are separated by a blank line:
 *
 *   <output, or "(no output)">
 *
 *   [Showing lines 51-150 of 150 (50 earlier lines omitted). Full output: /tmp/weft-output-….log]
 *
 *   Command exited with code 1
 */
export function formatShellResult(
  result: ShellRunResult,
  options: ShellFormatOptions = {},
): FormattedShellResult {
  const tail = truncateTail(result.output, {
    ...(options.maxLines === undefined ? {} : { maxLines: options.maxLines }),
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
  const blocks: string[] = [];
  let truncation: ShellTruncation | undefined;
  if (tail.truncated || result.outputTruncated) {
    truncation = describeTruncation(result, tail);
    blocks.push(truncationNotice(truncation));
  }
  if (result.timeoutClamped) {
    blocks.push(
      `(${options.timeoutParameterName ?? 'timeout_ms'} ${result.requestedTimeoutMs} is above the maximum of ${result.timeoutMs}; the command ran with ${result.timeoutMs}ms.)`,
    );
  }
  const status = statusLine(result, options.timeoutParameterName ?? 'timeout_ms');
  if (status) blocks.push(status);

  const body = tail.content.length > 0 ? tail.content : '(no output)';
  const text =
    blocks.length === 0 ? body : [body.endsWith('\n') ? body.slice(0, -1) : body, ...blocks].join('\n\n');
  return {
    text,
    isError: status !== undefined,
    ...(truncation ? { truncation } : {}),
  };
}

function describeTruncation(result: ShellRunResult, tail: TruncationResult): ShellTruncation {
  const { content: _content, totalLines: _windowLines, totalBytes: _windowBytes, ...kept } = tail;
  const totalLines = Math.max(result.totalLines, tail.totalLines);
  const startLine = Math.max(1, totalLines - tail.outputLines + 1);
  return {
    ...kept,
    // A window cut with nothing left to cut by the tail limits still dropped bytes.
    truncated: true,
    truncatedBy: tail.truncatedBy ?? 'bytes',
    totalLines,
    totalBytes: result.totalBytes,
    startLine,
    endLine: totalLines,
    omittedLines: startLine - 1,
    ...(result.fullOutputPath === undefined ? {} : { fullOutputPath: result.fullOutputPath }),
  };
}

function truncationNotice(truncation: ShellTruncation): string {
  const where = truncation.fullOutputPath
    ? ` Full output: ${truncation.fullOutputPath}`
    : ' The full output was not saved; run the command again with its output filtered (grep, head, tail) to see the rest.';
  if (truncation.lastLinePartial) {
    return `[Showing the last ${formatSize(truncation.outputBytes)} of line ${truncation.endLine}, which is longer than ${formatSize(
      truncation.maxBytes,
    )}.${where}]`;
  }
  const omittedLines = `${truncation.omittedLines} earlier ${truncation.omittedLines === 1 ? 'line' : 'lines'} omitted`;
  // Cut by size: say how big the output was and what the limit is, so the model can judge how
  // much it is missing (pi's notice got these figures wrong, seed 004 §J.8 4.2).
  const omitted =
    truncation.truncatedBy === 'bytes' && truncation.totalBytes > truncation.maxBytes
      ? `${omittedLines}; the output was ${formatSize(truncation.totalBytes)}, over the ${formatSize(truncation.maxBytes)} limit`
      : omittedLines;
  return `[Showing lines ${truncation.startLine}-${truncation.endLine} of ${truncation.totalLines} (${omitted}).${where}]`;
}

function statusLine(result: ShellRunResult, timeoutParameter: string): string | undefined {
  if (result.aborted) return 'Command aborted';
  if (result.timedOut) {
    const advice =
      result.timeoutMs >= result.maxTimeoutMs
        ? `The timeout is already at its maximum (${result.maxTimeoutMs}ms); split the work into shorter commands.`
        : `You can retry with a longer timeout by setting the ${timeoutParameter} parameter.`;
    return `[ERROR: Command timed out after ${result.timeoutMs}ms. Partial output is shown above. ${advice}]`;
  }
  if (result.signal !== null) return `Command was terminated by signal ${result.signal}`;
  if (result.exitCode !== 0) return `Command exited with code ${result.exitCode}`;
  return undefined;
}
