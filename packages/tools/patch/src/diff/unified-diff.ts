import type { DiffEdit } from './diff-edit.js';

export interface UnifiedDiffOptions {
  /** Shown on the `---` line; `undefined` shows `/dev/null` (the file did not exist). */
  oldPath: string | undefined;
  /** Shown on the `+++` line; `undefined` shows `/dev/null` (the file no longer exists). */
  newPath: string | undefined;
  /** Unchanged lines shown around each change. Default 3. */
  context?: number;
  /** False when the old text's last line has no line break. */
  oldEndsWithNewline: boolean;
  /** False when the new text's last line has no line break. */
  newEndsWithNewline: boolean;
}

/** Lines by index, so callers need not copy a large file's lines into a new array. */
export interface LineSource {
  readonly length: number;
  text(index: number): string;
}

/** A LineSource over an array of strings. */
export function linesOf(lines: readonly string[]): LineSource {
  return { length: lines.length, text: (index) => lines[index] as string };
}

const NO_NEWLINE = '\\ No newline at end of file';

/**
 * Formats an edit list as a unified diff (`---`/`+++` headers, `@@ -a,b +c,d @@` hunks). Returns
 * an empty string when nothing changed.
 */
export function formatUnifiedDiff(
  oldLines: LineSource,
  newLines: LineSource,
  edits: readonly DiffEdit[],
  options: UnifiedDiffOptions,
): string {
  const context = options.context ?? 3;
  const hunks: string[] = [];
  let body: string[] = [];
  let open = false;
  let oldStart = 0;
  let newStart = 0;
  let oldCount = 0;
  let newCount = 0;

  const line = (prefix: string, text: string, isLastOld: boolean, isLastNew: boolean) => {
    body.push(`${prefix}${text}`);
    if ((isLastOld && !options.oldEndsWithNewline) || (isLastNew && !options.newEndsWithNewline)) {
      body.push(NO_NEWLINE);
    }
  };
  const addContext = (edit: DiffEdit, from: number, to: number) => {
    for (let k = from; k < to; k++) {
      const o = edit.oldStart + k;
      const n = edit.newStart + k;
      line(' ', oldLines.text(o), o === oldLines.length - 1, n === newLines.length - 1);
    }
    oldCount += to - from;
    newCount += to - from;
  };
  const close = () => {
    hunks.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@\n${body.join('\n')}\n`);
    body = [];
    open = false;
  };

  for (let i = 0; i < edits.length; i++) {
    const edit = edits[i] as DiffEdit;
    if (edit.kind === 'equal') {
      if (!open) continue;
      const isLast = i === edits.length - 1;
      if (isLast || edit.count > 2 * context) {
        addContext(edit, 0, Math.min(context, edit.count));
        close();
      } else {
        addContext(edit, 0, edit.count);
      }
      continue;
    }
    if (!open) {
      open = true;
      oldCount = 0;
      newCount = 0;
      const previous = edits[i - 1];
      const lead = previous?.kind === 'equal' ? Math.min(context, previous.count) : 0;
      oldStart = edit.oldStart - lead;
      newStart = edit.newStart - lead;
      if (previous !== undefined && lead > 0) addContext(previous, previous.count - lead, previous.count);
    }
    for (let k = 0; k < edit.count; k++) {
      if (edit.kind === 'delete') {
        const o = edit.oldStart + k;
        line('-', oldLines.text(o), o === oldLines.length - 1, false);
        oldCount++;
      } else {
        const n = edit.newStart + k;
        line('+', newLines.text(n), false, n === newLines.length - 1);
        newCount++;
      }
    }
  }
  if (open) close();
  if (hunks.length === 0) return '';
  return `--- ${headerPath('a/', options.oldPath)}\n+++ ${headerPath('b/', options.newPath)}\n${hunks.join('')}`;
}

/** `start,count` with a 1-based start; an empty range names the line before it (GNU diff's rule). */
function range(start: number, count: number): string {
  const first = count === 0 ? start : start + 1;
  return count === 1 ? `${first}` : `${first},${count}`;
}

/** git's `a/` and `b/` prefixes for relative paths; absolute paths are shown as they are. */
function headerPath(prefix: string, path: string | undefined): string {
  if (path === undefined) return '/dev/null';
  return path.startsWith('/') ? path : `${prefix}${path}`;
}
