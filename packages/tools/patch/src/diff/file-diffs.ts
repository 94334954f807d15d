import type { Replacement } from '../content/compute-replacements.js';
import { parseSourceText, type SourceLine, type SourceText } from '../content/source-text.js';
import { type DiffEdit, EditListBuilder, groupChanges } from './diff-edit.js';
import { formatUnifiedDiff, type LineSource, linesOf } from './unified-diff.js';

/**
 * The diff of an update, read straight from where its chunks landed: context lines are
 * unchanged, removals and additions are exactly the patch's. This is linear in the file's size,
 * where a general diff of two large files with many changes would not be.
 */
export function updateDiff(
  before: SourceText,
  after: SourceText,
  replacements: readonly Replacement[],
  oldPath: string,
  newPath: string,
): string {
  const builder = new EditListBuilder();
  if (isOrdered(replacements)) {
    let position = 0;
    for (const replacement of replacements) {
      builder.equal(replacement.start - position);
      position = Math.max(position, replacement.start);
      for (const line of replacement.lines) {
        if (line.kind === 'context') builder.equal(1);
        else if (line.kind === 'remove') builder.delete();
        else builder.insert();
      }
      position += replacement.oldLength;
    }
    builder.equal(before.lines.length - position);
  } else {
    commonEnds(before, after, builder);
  }
  let edits = builder.finish();
  const beforeEndsWithNewline = endsWithNewline(before);
  const afterEndsWithNewline = endsWithNewline(after);
  // An unterminated last line that gains a line break has changed, though its text has not.
  if (!beforeEndsWithNewline && afterEndsWithNewline)
    edits = groupChanges(splitLastOldLine(edits, before.lines.length - 1));
  return formatUnifiedDiff(texts(before), texts(after), edits, {
    oldPath,
    newPath,
    oldEndsWithNewline: beforeEndsWithNewline,
    newEndsWithNewline: afterEndsWithNewline,
  });
}

/** The diff of a new file, or of an Add that replaced an existing file (`previous`). */
export function addDiff(path: string, content: string, previous?: string): string {
  const after = parseSourceText(content);
  const before = previous === undefined ? undefined : parseSourceText(previous);
  const builder = new EditListBuilder();
  if (before !== undefined) commonEnds(before, after, builder);
  else builder.insert(after.lines.length);
  return formatUnifiedDiff(
    before === undefined ? linesOf([]) : texts(before),
    texts(after),
    builder.finish(),
    {
      oldPath: before === undefined ? undefined : path,
      newPath: path,
      oldEndsWithNewline: before === undefined || endsWithNewline(before),
      newEndsWithNewline: endsWithNewline(after),
    },
  );
}

/** The diff of a deleted file. */
export function deleteDiff(path: string, previous: string): string {
  const before = parseSourceText(previous);
  const builder = new EditListBuilder();
  builder.delete(before.lines.length);
  return formatUnifiedDiff(texts(before), linesOf([]), builder.finish(), {
    oldPath: path,
    newPath: undefined,
    oldEndsWithNewline: endsWithNewline(before),
    newEndsWithNewline: true,
  });
}

/** Turns the unchanged old line at `index` into a removal plus an addition. */
function splitLastOldLine(edits: DiffEdit[], index: number): DiffEdit[] {
  const at = edits.findIndex(
    (edit) => edit.kind === 'equal' && edit.oldStart <= index && index < edit.oldStart + edit.count,
  );
  const edit = edits[at];
  if (edit === undefined) return edits;
  const offset = index - edit.oldStart;
  const pieces: DiffEdit[] = [];
  if (offset > 0) pieces.push({ ...edit, count: offset });
  pieces.push({ kind: 'delete', oldStart: index, newStart: edit.newStart + offset, count: 1 });
  pieces.push({ kind: 'insert', oldStart: index + 1, newStart: edit.newStart + offset, count: 1 });
  if (offset + 1 < edit.count) {
    pieces.push({
      ...edit,
      oldStart: index + 1,
      newStart: edit.newStart + offset + 1,
      count: edit.count - offset - 1,
    });
  }
  return [...edits.slice(0, at), ...pieces, ...edits.slice(at + 1)];
}

function isOrdered(replacements: readonly Replacement[]): boolean {
  for (let i = 1; i < replacements.length; i++) {
    const previous = replacements[i - 1] as Replacement;
    if ((replacements[i] as Replacement).start < previous.start + previous.oldLength) return false;
  }
  return true;
}

/** Shared first and last lines unchanged, everything between replaced: for the rare cases with no chunk map. */
function commonEnds(before: SourceText, after: SourceText, builder: EditListBuilder): void {
  const a = before.lines;
  const b = after.lines;
  let head = 0;
  while (head < a.length && head < b.length && sameLine(a[head], b[head])) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    sameLine(a[a.length - 1 - tail], b[b.length - 1 - tail])
  ) {
    tail++;
  }
  builder.equal(head);
  builder.delete(a.length - head - tail);
  builder.insert(b.length - head - tail);
  builder.equal(tail);
}

function sameLine(
  x: SourceText['lines'][number] | undefined,
  y: SourceText['lines'][number] | undefined,
): boolean {
  return (
    x !== undefined &&
    y !== undefined &&
    x.text === y.text &&
    (x.ending === undefined) === (y.ending === undefined)
  );
}

function texts(source: SourceText): LineSource {
  return { length: source.lines.length, text: (index) => (source.lines[index] as SourceLine).text };
}

function endsWithNewline(source: SourceText): boolean {
  const last = source.lines[source.lines.length - 1];
  return last === undefined || last.ending !== undefined;
}
