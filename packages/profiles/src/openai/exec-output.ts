import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import { sliceUtf8Head, sliceUtf8Tail, utf8ByteLength } from '@weft/agent-core';

/** codex's token estimate: a token per four bytes, rounded up. */
export function approxTokens(text: string): number {
  return Math.ceil(utf8ByteLength(text) / 4);
}

/**
 * codex's middle truncation in token mode: when `text` is over `maxTokens` (4 bytes each), keep
 * the first and last halves of the byte budget, on character boundaries, joined by the marker
 * `…N tokens truncated…` (no spaces or line breaks around it), N counting the removed bytes.
 */
export function truncateMiddle(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const budget = Math.max(0, Math.floor(maxTokens)) * 4;
  const bytes = utf8ByteLength(text);
  if (bytes <= budget) return { text, truncated: false };
  const head = sliceUtf8Head(text, Math.floor(budget / 2));
  const tail = sliceUtf8Tail(text, Math.floor(budget / 2));
  const removed = bytes - utf8ByteLength(head) - utf8ByteLength(tail);
  return { text: `${head}…${Math.ceil(removed / 4)} tokens truncated…${tail}`, truncated: true };
}

/** codex's exit code for a command it stopped on timeout. */
export const TIMEOUT_EXIT_CODE = 124;

/** The exit code a shell reports for a process ended by `signal`: 128 + its number. */
export function exitCodeFor(exitCode: number | null, signal: string | null): number {
  if (exitCode !== null) return exitCode;
  const number = signal ? constants.signals[signal as keyof typeof constants.signals] : undefined;
  return number === undefined ? 1 : 128 + number;
}

/**
 * The text codex returns for shell_command and apply_patch (its "freeform" exec output):
 *
 *   Exit code: 0
 *   Wall time: 0.3 seconds
 *   Total output lines: 812        (only when the body was truncated)
 *   Output:
 *   <body>
 */
export function formatExecOutput(result: {
  exitCode: number;
  durationMs: number;
  output: string;
  totalLines?: number;
}): string {
  const lines = [
    `Exit code: ${result.exitCode}`,
    `Wall time: ${(result.durationMs / 1000).toFixed(1)} seconds`,
  ];
  if (result.totalLines !== undefined) lines.push(`Total output lines: ${result.totalLines}`);
  lines.push('Output:', result.output);
  return lines.join('\n');
}

/**
 * The text codex returns for exec_command and write_stdin:
 *
 *   Chunk ID: 3fa9c1
 *   Wall time: 10.0021 seconds
 *   Process running with session ID 7        (or: Process exited with code 0)
 *   Original token count: 52311              (only when the body was truncated)
 *   Output:
 *   <body>
 */
export function formatUnifiedExecOutput(result: {
  durationMs: number;
  exitCode?: number;
  sessionId?: number;
  output: string;
  maxOutputTokens: number;
}): { text: string; truncated: boolean; chunkId: string } {
  const chunkId = randomBytes(3).toString('hex');
  const cut = truncateMiddle(result.output, result.maxOutputTokens);
  const lines = [`Chunk ID: ${chunkId}`, `Wall time: ${(result.durationMs / 1000).toFixed(4)} seconds`];
  lines.push(
    result.exitCode !== undefined
      ? `Process exited with code ${result.exitCode}`
      : `Process running with session ID ${result.sessionId}`,
  );
  if (cut.truncated) lines.push(`Original token count: ${approxTokens(result.output)}`);
  const body = cut.truncated ? `Total output lines: ${countLines(result.output)}\n\n${cut.text}` : cut.text;
  lines.push('Output:', body);
  return { text: lines.join('\n'), truncated: cut.truncated, chunkId };
}

function countLines(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}
