import { type Line, lineText, prefixed, type StyleName, sliceLine, span } from './styled.js';
import { graphemes, graphemeWidth, textWidth } from './width.js';

/** One row of a wrapped line: the characters [start, end) of its text. */
export interface RowRange {
  start: number;
  end: number;
}

/**
 * Greedy word wrap of one line (no newlines) into rows of at most `width` cells. Spaces where a
 * row breaks are dropped; a word wider than a row is cut by grapheme. Leading spaces of the line
 * (indentation) are kept. Always at least one row.
 *
 * Greedy wrapping never changes a row once a later row exists, whatever text is appended: the
 * streaming views rely on this to print finished rows of an answer while it is still arriving.
 */
export function wrapRanges(text: string, width: number): RowRange[] {
  const cols = Math.max(1, width);
  const rows: RowRange[] = [];
  if (text.length === 0 || (textWidth(text) <= cols && !text.includes('\n')))
    return [{ start: 0, end: text.length }];
  let rowStart = 0;
  let rowEnd = 0; // end of the row's content, trailing spaces excluded
  let used = 0;
  let hasWord = false;
  const tokens = text.match(/ +|[^ ]+/g) ?? [];
  let offset = 0;
  const breakRow = (nextStart: number): void => {
    rows.push({ start: rowStart, end: rowEnd });
    rowStart = nextStart;
    rowEnd = nextStart;
    used = 0;
    hasWord = false;
  };
  for (const token of tokens) {
    const start = offset;
    offset += token.length;
    if (token[0] === ' ') {
      if (used + token.length <= cols) {
        used += token.length;
        if (!hasWord) rowEnd = offset; // indentation belongs to the row
      } else {
        breakRow(offset);
      }
      continue;
    }
    const cells = textWidth(token);
    if (used + cells <= cols) {
      used += cells;
      rowEnd = offset;
      hasWord = true;
      continue;
    }
    if (hasWord || used > 0) breakRow(start);
    if (cells <= cols) {
      used = cells;
      rowEnd = offset;
      hasWord = true;
      continue;
    }
    // A word wider than a row: cut it by grapheme.
    let position = start;
    for (const grapheme of graphemes(token)) {
      const w = graphemeWidth(grapheme);
      if (used + w > cols && used > 0) breakRow(position);
      position += grapheme.length;
      used += w;
      rowEnd = position;
      hasWord = true;
    }
  }
  rows.push({ start: rowStart, end: rowEnd });
  return rows;
}

/** A styled line wrapped into rows of at most `width` cells. */
export function wrapLine(value: Line, width: number): Line[] {
  const text = lineText(value);
  return wrapRanges(text, width).map((range) => sliceLine(value, range.start, range.end));
}

/** Plain text (may hold newlines) as wrapped rows in one style. */
export function wrapText(text: string, width: number, style?: StyleName): Line[] {
  const out: Line[] = [];
  for (const logical of text.split('\n')) {
    for (const range of wrapRanges(logical, width)) {
      out.push([span(logical.slice(range.start, range.end), style)]);
    }
  }
  return out;
}

/**
 * Rows of `value` wrapped to `width`, the first row after `first` and the others after `rest`
 * (a gutter: both the same width).
 */
export function wrapWithGutter(value: Line, width: number, first: Line, rest: Line): Line[] {
  const gutter = textWidth(lineText(first));
  return wrapLine(value, width - gutter).map((row, index) => prefixed(index === 0 ? first : rest, row));
}
