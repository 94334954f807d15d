import { seekSequence } from '../matcher/seek-sequence.js';
import type { ChunkLine, UpdateChunk } from '../parser/patch-types.js';
import { ContextNotFoundError, ExpectedLinesNotFoundError } from './content-errors.js';

/**
 * One located chunk: replace `oldLength` lines at `start` according to `lines` (context lines
 * keep the file's line, removals drop one, additions insert one).
 */
export interface Replacement {
  start: number;
  oldLength: number;
  lines: ChunkLine[];
}

/**
 * Locates every chunk in `fileLines` with codex's algorithm: a cursor that only moves forward,
 * an optional `@@` context line searched first, pure additions placed at the end of the file
 * whatever the context says, and one retry without a trailing empty pattern line (which stands
 * for the file's final newline). Returns the replacements sorted by position.
 *
 * @param path the absolute path, used only in error messages.
 */
export function computeReplacements(
  fileLines: readonly string[],
  chunks: readonly UpdateChunk[],
  path: string,
): Replacement[] {
  const replacements: Replacement[] = [];
  let cursor = 0;
  for (const chunk of chunks) {
    if (chunk.changeContext !== undefined) {
      const found = seekSequence(fileLines, [chunk.changeContext], cursor, false);
      if (found === undefined) throw new ContextNotFoundError(path, chunk.changeContext);
      cursor = found.index + 1;
    }

    if (chunk.oldLines.length === 0) {
      const endsWithEmpty = fileLines.length > 0 && fileLines[fileLines.length - 1] === '';
      replacements.push({
        start: endsWithEmpty ? fileLines.length - 1 : fileLines.length,
        oldLength: 0,
        lines: chunk.lines,
      });
      continue;
    }

    let lines = chunk.lines;
    let pattern = chunk.oldLines;
    let found = seekSequence(fileLines, pattern, cursor, chunk.isEndOfFile);
    if (found === undefined && pattern[pattern.length - 1] === '') {
      lines = withoutTrailingEmptyLine(chunk);
      pattern = pattern.slice(0, -1);
      found = seekSequence(fileLines, pattern, cursor, chunk.isEndOfFile);
    }
    if (found === undefined) throw new ExpectedLinesNotFoundError(path, chunk.oldLines);
    replacements.push({ start: found.index, oldLength: pattern.length, lines });
    cursor = found.index + pattern.length;
  }
  // Stable, so replacements at one position keep patch order.
  return replacements.sort((a, b) => a.start - b.start);
}

/**
 * The chunk's lines minus the trailing empty old line, and minus the trailing empty new line
 * when there is one, mirroring codex's retry on (old_lines, new_lines). When one context line
 * supplied both, it goes; when they come from different lines, each loses its side.
 */
function withoutTrailingEmptyLine(chunk: UpdateChunk): ChunkLine[] {
  const lines = [...chunk.lines];
  const lastOld = findLastIndex(lines, (line) => line.kind !== 'add');
  const dropNew = chunk.newLines[chunk.newLines.length - 1] === '';
  const lastNew = dropNew ? findLastIndex(lines, (line) => line.kind !== 'remove') : -1;
  if (lastOld === lastNew) {
    lines.splice(lastOld, 1);
    return lines;
  }
  // Different lines: the old one keeps only its new side (if it was context), the new one its old side.
  const removeAt: number[] = [];
  const oldLine = lines[lastOld] as ChunkLine;
  if (oldLine.kind === 'context') lines[lastOld] = { kind: 'add', text: oldLine.text };
  else removeAt.push(lastOld);
  if (lastNew !== -1) {
    const newLine = lines[lastNew] as ChunkLine;
    if (newLine.kind === 'context') lines[lastNew] = { kind: 'remove', text: newLine.text };
    else removeAt.push(lastNew);
  }
  for (const index of removeAt.sort((a, b) => b - a)) lines.splice(index, 1);
  return lines;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i] as T)) return i;
  return -1;
}
