import { TextView, TextViewBuilder } from './text-view.js';

export type LineEnding = '\n' | '\r\n';

/** The line ending of the first line break in `text` ("\n" when there is none). */
export function detectLineEnding(text: string): LineEnding {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
}

/** `text` with every "\r\n" written as "\n". */
export function toLf(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

/** `text` (LF) with its line breaks written as `ending`. */
export function withLineEnding(text: string, ending: LineEnding): string {
  return ending === '\n' ? text : text.replace(/\n/g, '\r\n');
}

/** A view of `source` with "\r\n" shown as "\n", mapped back to `source`. */
export function lfView(source: string): TextView {
  if (!source.includes('\r\n')) return TextView.identity(source);
  const builder = new TextViewBuilder(source);
  for (let index = source.indexOf('\r\n'); index !== -1; index = source.indexOf('\r\n', index + 2)) {
    builder.replace(index, index + 2, '\n');
  }
  return builder.build();
}
