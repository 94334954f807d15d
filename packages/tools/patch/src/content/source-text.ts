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
  if (body === '') return { lines, preferredEnding: '\n', hasBom };
  // split() is native and fast; the pieces are then sorted into text and ending.
  const pieces = body.split('\n');
  const last = pieces.length - 1;
  for (let i = 0; i < last; i++) {
    const piece = pieces[i] as string;
    lines.push(
      piece.endsWith('\r') ? { text: piece.slice(0, -1), ending: '\r\n' } : { text: piece, ending: '\n' },
    );
  }
  const tail = pieces[last] as string;
  if (tail !== '') lines.push({ text: tail, ending: undefined });
  const preferredEnding = lines[0]?.ending ?? '\n';
  return { lines, preferredEnding, hasBom };
}

/** Joins lines back into file content. */
export function renderSourceText(source: SourceText): string {
  // String concatenation builds a rope in V8, cheaper than collecting parts for join().
  let content = source.hasBom ? BOM : '';
  for (const line of source.lines) content += line.ending === undefined ? line.text : line.text + line.ending;
  return content;
}
