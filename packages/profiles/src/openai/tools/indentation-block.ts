/**
 * The lines codex's read_file shows in indentation mode: the block of code around an anchor
 * line, found from indentation alone (so it works for any language). Our reading of codex's
 * options, documented in the README:
 *
 * - The anchor's block starts at the anchor and ends before the next non-blank line indented no
 *   deeper than the anchor (blank lines inside belong to it).
 * - `maxLevels` climbs that many enclosing levels first (0: up to the outermost, unindented one):
 *   each level is the nearest line above with less indentation, and the block is then that
 *   line's.
 * - `includeSiblings` extends the block over the following blocks at the same indentation, until
 *   a line indented less.
 * - `includeHeader` adds the comment, decorator and attribute lines directly above the block.
 * - `maxLines` caps the result, keeping the part nearest the anchor.
 */
export interface IndentationOptions {
  /** 1-based. */
  anchorLine: number;
  maxLevels: number;
  includeSiblings: boolean;
  includeHeader: boolean;
  maxLines: number;
}

/** The first and last line (1-based, inclusive) of the block. */
export function indentationBlock(
  lines: readonly string[],
  options: IndentationOptions,
): { start: number; end: number } {
  const indents = effectiveIndents(lines);
  let top = Math.min(Math.max(options.anchorLine, 1), lines.length) - 1;
  for (let level = 0; options.maxLevels === 0 || level < options.maxLevels; level++) {
    const parent = enclosing(lines, indents, top);
    if (parent === undefined) break;
    top = parent;
  }
  const indent = indents[top] ?? 0;
  let end = top;
  for (let index = top + 1; index < lines.length; index++) {
    if (isBlank(lines[index]!)) continue;
    const deeper = (indents[index] ?? 0) > indent;
    const sibling = options.includeSiblings && (indents[index] ?? 0) === indent;
    if (!deeper && !sibling) break;
    end = index;
  }
  let start = top;
  if (options.includeHeader) {
    while (start > 0 && isHeaderLine(lines[start - 1]!)) start--;
  }
  // Keep at most maxLines, centred on the anchor as far as the block allows.
  if (end - start + 1 > options.maxLines) {
    const anchor = Math.min(Math.max(options.anchorLine - 1, start), end);
    const before = Math.floor((options.maxLines - 1) / 2);
    start = Math.max(start, Math.min(anchor - before, end - options.maxLines + 1));
    end = start + options.maxLines - 1;
  }
  return { start: start + 1, end: end + 1 };
}

/** Leading whitespace width (a tab counts 4); a blank line takes the indentation of the line above. */
function effectiveIndents(lines: readonly string[]): number[] {
  const indents: number[] = [];
  let previous = 0;
  for (const line of lines) {
    if (isBlank(line)) {
      indents.push(previous);
      continue;
    }
    let width = 0;
    for (const char of line) {
      if (char === ' ') width += 1;
      else if (char === '\t') width += 4;
      else break;
    }
    indents.push(width);
    previous = width;
  }
  return indents;
}

/** The nearest non-blank line above `index` indented less than it. */
function enclosing(lines: readonly string[], indents: readonly number[], index: number): number | undefined {
  const indent = indents[index] ?? 0;
  for (let candidate = index - 1; candidate >= 0; candidate--) {
    if (!isBlank(lines[candidate]!) && (indents[candidate] ?? 0) < indent) return candidate;
  }
  return undefined;
}

function isBlank(line: string): boolean {
  return line.trim().length === 0;
}

/** Comments, decorators and attributes that belong to the declaration below them. */
function isHeaderLine(line: string): boolean {
  const text = line.trim();
  return /^(?:\/\/|#(?!include)|\/\*|\*|@|--|;;|#\[)/.test(text);
}
