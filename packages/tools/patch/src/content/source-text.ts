/** A line break as it appears in a file. */
export type LineEnding = '\n' | '\r\n';

/** One line of a file: its text (without the break) and the break that ended it, if any. */
export interface SourceLine {
  text: string;
  ending: LineEnding | undefined;
}

/** A text file split into lines, remembering each line's own ending and a leading BOM. */
export interface SourceText {
  lines: SourceLine[];
  /** The file's first line break, used for lines the patch adds; `\n` when it has none. */
  preferredEnding: LineEnding;
  /** True when the file started with U+FEFF; it is kept out of matching and written back. */
  hasBom: boolean;
}

const BOM = '\uFEFF';

/**
 * Splits file content into lines. A `\r` right before `\n` belongs to the line break, not the
 * text, so LF-written patches match CRLF files exactly and each line keeps its own ending.
 */
export function parseSourceText(content: string): SourceText {
  const hasBom = content.startsWith(BOM);
  const body = hasBom ? content.slice(1) : content;
  const lines: SourceLine[] = [];
  let preferredEnding: LineEnding | undefined;
  let lineStart = 0;
  for (let newline = body.indexOf('\n'); newline !== -1; newline = body.indexOf('\n', lineStart)) {
    const crlf = newline > lineStart && body.charCodeAt(newline - 1) === 13;
    const ending: LineEnding = crlf ? '\r\n' : '\n';
    preferredEnding ??= ending;
    lines.push({ text: body.slice(lineStart, crlf ? newline - 1 : newline), ending });
    lineStart = newline + 1;
  }
  if (lineStart < body.length) lines.push({ text: body.slice(lineStart), ending: undefined });
  return { lines, preferredEnding: preferredEnding ?? '\n', hasBom };
}

/** Joins lines back into file content. */
export function renderSourceText(source: SourceText): string {
  let content = source.hasBom ? BOM : '';
  const parts: string[] = [];
  for (const line of source.lines) parts.push(line.text, line.ending ?? '');
  content += parts.join('');
  return content;
}
