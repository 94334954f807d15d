/**
 * Styled text as the views build it: a line is a list of spans, each with a style name; the theme
 * decides what a style looks like (or that it looks like nothing, without colour).
 */

export type StyleName =
  | 'plain'
  | 'bold'
  | 'dim'
  | 'accent'
  | 'user'
  | 'reasoning'
  | 'tool'
  | 'error'
  | 'warning'
  | 'success'
  | 'diffAdd'
  | 'diffRemove'
  | 'diffHunk'
  | 'status'
  | 'statusWorking';

export interface Span {
  text: string;
  style?: StyleName;
}

/** One line: never contains a newline. */
export type Line = Span[];

export function span(text: string, style?: StyleName): Span {
  return style === undefined ? { text } : { text, style };
}

/** A one-span line. */
export function line(text: string, style?: StyleName): Line {
  return [span(text, style)];
}

/** The text of a line, without styles. */
export function lineText(value: Line): string {
  let out = '';
  for (const part of value) out += part.text;
  return out;
}

/** The spans covering the characters [start, end) of the line's text. */
export function sliceLine(value: Line, start: number, end: number): Line {
  const out: Line = [];
  let offset = 0;
  for (const part of value) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + part.text.length);
    if (to > from) out.push(span(part.text.slice(from - offset, to - offset), part.style));
    offset += part.text.length;
    if (offset >= end) break;
  }
  return out;
}

/** `prefix` spans followed by `value`. */
export function prefixed(prefix: Line, value: Line): Line {
  return [...prefix, ...value];
}
