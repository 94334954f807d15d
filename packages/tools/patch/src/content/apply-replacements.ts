import type { ChunkLine } from '../parser/patch-types.js';
import type { Replacement } from './compute-replacements.js';
import type { LineEnding, SourceLine, SourceText } from './source-text.js';

/**
 * Applies sorted replacements to a file's lines. Lines outside the replacements, and context
 * lines inside them, keep the file's own text and line ending; added lines take the file's
 * preferred ending. Every line ends with a break afterwards, so an update always leaves a final
 * newline (codex's rule).
 */
export function applyReplacements(source: SourceText, replacements: readonly Replacement[]): SourceLine[] {
  const preferred = source.preferredEnding;
  const result = overlaps(replacements)
    ? applyInReverse(source.lines, replacements, preferred)
    : applyForward(source.lines, replacements, preferred);
  // Lines are shared with `source` (they are never mutated); an unterminated one is replaced.
  for (let i = 0; i < result.length; i++) {
    const line = result[i] as SourceLine;
    if (line.ending === undefined) result[i] = { text: line.text, ending: preferred };
  }
  return result;
}

function overlaps(replacements: readonly Replacement[]): boolean {
  for (let i = 1; i < replacements.length; i++) {
    const previous = replacements[i - 1] as Replacement;
    if ((replacements[i] as Replacement).start < previous.start + previous.oldLength) return true;
  }
  return false;
}

function applyForward(
  lines: readonly SourceLine[],
  replacements: readonly Replacement[],
  preferred: LineEnding,
): SourceLine[] {
  const result: SourceLine[] = [];
  let next = 0;
  for (const replacement of replacements) {
    for (; next < replacement.start && next < lines.length; next++) result.push(lines[next] as SourceLine);
    const old = lines.slice(replacement.start, replacement.start + replacement.oldLength);
    // A loop, not push(...): a replacement may add more lines than a call can take as arguments.
    for (const line of materialise(replacement.lines, old, preferred)) result.push(line);
    next = Math.max(next, replacement.start + replacement.oldLength);
  }
  for (; next < lines.length; next++) result.push(lines[next] as SourceLine);
  return result;
}

/**
 * Overlapping replacements only arise when an `*** End of File` chunk is anchored before an
 * earlier chunk's end. Codex applies replacements bottom-up by splicing; doing the same keeps
 * the result identical to its output in that corner case.
 */
function applyInReverse(
  lines: readonly SourceLine[],
  replacements: readonly Replacement[],
  preferred: LineEnding,
): SourceLine[] {
  let result = [...lines];
  for (let i = replacements.length - 1; i >= 0; i--) {
    const replacement = replacements[i] as Replacement;
    const start = Math.min(replacement.start, result.length);
    const end = start + replacement.oldLength;
    const old = result.slice(start, end);
    result = result.slice(0, start).concat(materialise(replacement.lines, old, preferred), result.slice(end));
  }
  return result;
}

function materialise(
  lines: readonly ChunkLine[],
  old: readonly SourceLine[],
  preferred: LineEnding,
): SourceLine[] {
  const out: SourceLine[] = [];
  let oldIndex = 0;
  for (const line of lines) {
    if (line.kind === 'add') {
      out.push({ text: line.text, ending: preferred });
    } else if (line.kind === 'remove') {
      oldIndex++;
    } else {
      const kept = old[oldIndex++];
      out.push(kept ?? { text: line.text, ending: preferred });
    }
  }
  return out;
}
