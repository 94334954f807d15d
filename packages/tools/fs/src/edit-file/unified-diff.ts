import { structuredPatch } from 'diff';

export interface FileDiff {
  /** A unified diff (`--- a/path`, `+++ b/path`, `@@ -l,n +l,n @@` hunks) with the file's real line numbers. */
  diff: string;
  /** The first line of the new text that differs from the old (1-based), or undefined when none does. */
  firstChangedLine: number | undefined;
}

/** Lines of context around each change (pi uses 4). */
export const DIFF_CONTEXT_LINES = 4;

/** Index of the last "\n" before `index`, or -1. */
function newlineBefore(text: string, index: number): number {
  return index <= 0 ? -1 : text.lastIndexOf('\n', index - 1);
}

/** Start of the line holding `index`, moved back `extraLines` more lines. */
function lineStartBefore(text: string, index: number, extraLines: number): number {
  let start = newlineBefore(text, index) + 1;
  for (let i = 0; i < extraLines && start > 0; i++) start = newlineBefore(text, start - 1) + 1;
  return start;
}

function lineEndAfter(text: string, index: number, extraLines: number): number {
  let end = index;
  for (let i = 0; i <= extraLines; i++) {
    const newline = text.indexOf('\n', end);
    if (newline === -1) return text.length;
    end = newline + 1;
  }
  return end;
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1))
    count++;
  return count;
}

const BLOCK = 4096;

/** Length of the common start of two strings, compared a block at a time (native compares). */
function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let length = 0;
  while (length + BLOCK <= limit && a.slice(length, length + BLOCK) === b.slice(length, length + BLOCK))
    length += BLOCK;
  while (length < limit && a.charCodeAt(length) === b.charCodeAt(length)) length++;
  return length;
}

/** Length of the common end of two strings, not overlapping a common start of `prefix`. */
function commonSuffixLength(a: string, b: string, prefix: number): number {
  const limit = Math.min(a.length, b.length) - prefix;
  let length = 0;
  while (
    length + BLOCK <= limit &&
    a.slice(a.length - length - BLOCK, a.length - length) ===
      b.slice(b.length - length - BLOCK, b.length - length)
  ) {
    length += BLOCK;
  }
  while (length < limit && a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length))
    length++;
  return length;
}

/**
 * The unified diff between two versions of a file (both with "\n" line breaks). Only the region
 * that changed (plus context) is handed to the diff algorithm, so a one-line edit of a 10 MB file
 * costs no more than one of a small file; hunk line numbers are shifted back to the file's own.
 */
export function unifiedDiff(
  path: string,
  before: string,
  after: string,
  context = DIFF_CONTEXT_LINES,
): FileDiff {
  if (before === after) return { diff: '', firstChangedLine: undefined };
  const prefix = commonPrefixLength(before, after);
  const suffix = commonSuffixLength(before, after, prefix);
  const start = lineStartBefore(before, prefix, context + 1);
  const beforeEnd = lineEndAfter(before, before.length - suffix, context + 1);
  const tail = before.length - beforeEnd;
  const afterEnd = after.length - tail;
  const lineOffset = countNewlines(before, start);

  const patch = structuredPatch(
    path,
    path,
    before.slice(start, beforeEnd),
    after.slice(start, afterEnd),
    undefined,
    undefined,
    {
      context,
    },
  );
  const lines = [`--- a/${path}`, `+++ b/${path}`];
  let firstChangedLine: number | undefined;
  for (const hunk of patch.hunks) {
    // An empty side's start is the line before the change; keep that convention when shifting.
    const oldStart = hunk.oldStart + lineOffset;
    const newStart = hunk.newStart + lineOffset;
    lines.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
    let newLine = newStart;
    for (const line of hunk.lines) {
      lines.push(line);
      if (firstChangedLine === undefined && (line.startsWith('+') || line.startsWith('-')))
        firstChangedLine = newLine;
      if (line.startsWith(' ') || line.startsWith('+')) newLine++;
    }
  }
  return { diff: `${lines.join('\n')}\n`, firstChangedLine };
}
