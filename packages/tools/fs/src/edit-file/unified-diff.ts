import { structuredPatch } from 'diff';
import { toLf } from './line-endings.js';

export interface FileDiff {
  /** A unified diff (`--- a/path`, `+++ b/path`, `@@ -l,n +l,n @@` hunks) with the file's real line numbers. */
  diff: string;
  /** The first line of the new text that differs from the old (1-based), or undefined when none does. */
  firstChangedLine: number | undefined;
}

/** Lines of context around each change (pi uses 4). */
export const DIFF_CONTEXT_LINES = 4;

/** A replacement of `text[start, end)` by `text` (what edit_file does). */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/**
 * The unified diff between two versions of a file. Only the region that changed (plus context)
 * is handed to the diff algorithm, so a one-line edit of a 10 MB file costs no more than one of a
 * small file; hunk line numbers are shifted back to the file's own. Line breaks are shown as
 * "\n" whatever the file uses.
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
  return diffReplacements(
    path,
    before,
    [{ start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) }],
    context,
  );
}

/**
 * The unified diff of replacing ranges of `before` (sorted, not overlapping) without building the
 * new text: replacements close enough to share context are diffed together, the others apart.
 */
export function diffReplacements(
  path: string,
  before: string,
  replacements: readonly Replacement[],
  context = DIFF_CONTEXT_LINES,
): FileDiff {
  const lines = [`--- a/${path}`, `+++ b/${path}`];
  let firstChangedLine: number | undefined;
  let shift = 0; // lines added minus lines removed by earlier groups
  let linesBefore = 0;
  let counted = 0;
  for (const group of groupReplacements(before, replacements, context)) {
    const first = group[0]!;
    const last = group[group.length - 1]!;
    const start = lineStartBefore(before, first.start, context + 1);
    const end = lineEndAfter(before, last.end, context + 1);
    linesBefore += countNewlines(before, counted, start);
    counted = start;
    let excerpt = '';
    let copied = start;
    for (const replacement of group) {
      excerpt += before.slice(copied, replacement.start) + replacement.text;
      copied = replacement.end;
    }
    excerpt += before.slice(copied, end);
    const patch = structuredPatch(
      path,
      path,
      toLf(before.slice(start, end)),
      toLf(excerpt),
      undefined,
      undefined,
      {
        context,
      },
    );
    for (const hunk of patch.hunks) {
      const oldStart = hunk.oldStart + linesBefore;
      const newStart = hunk.newStart + linesBefore + shift;
      lines.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
      let newLine = newStart;
      for (const line of hunk.lines) {
        lines.push(line);
        if (firstChangedLine === undefined && (line.startsWith('+') || line.startsWith('-')))
          firstChangedLine = newLine;
        if (line.startsWith(' ') || line.startsWith('+')) newLine++;
      }
      shift += hunk.newLines - hunk.oldLines;
    }
  }
  return lines.length === 2
    ? { diff: '', firstChangedLine }
    : { diff: `${lines.join('\n')}\n`, firstChangedLine };
}

/** Groups replacements separated by fewer than 2 × context + 2 lines, whose hunks would touch. */
function groupReplacements(
  text: string,
  replacements: readonly Replacement[],
  context: number,
): Replacement[][] {
  const groups: Replacement[][] = [];
  for (const replacement of replacements) {
    const current = groups[groups.length - 1];
    const previous = current?.[current.length - 1];
    if (current && previous && !hasNewlines(text, previous.end, replacement.start, 2 * context + 2)) {
      current.push(replacement);
    } else {
      groups.push([replacement]);
    }
  }
  return groups;
}

/** True when `text[from, to)` holds at least `count` line breaks (stops counting there). */
function hasNewlines(text: string, from: number, to: number, count: number): boolean {
  let found = 0;
  for (
    let index = text.indexOf('\n', from);
    index !== -1 && index < to;
    index = text.indexOf('\n', index + 1)
  ) {
    if (++found >= count) return true;
  }
  return false;
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

/** End of the line holding `index` (after its "\n"), moved on `extraLines` more lines. */
function lineEndAfter(text: string, index: number, extraLines: number): number {
  let end = index;
  for (let i = 0; i <= extraLines; i++) {
    const newline = text.indexOf('\n', end);
    if (newline === -1) return text.length;
    end = newline + 1;
  }
  return end;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (
    let index = text.indexOf('\n', from);
    index !== -1 && index < to;
    index = text.indexOf('\n', index + 1)
  )
    count++;
  return count;
}
