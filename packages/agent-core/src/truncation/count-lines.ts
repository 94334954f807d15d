/**
 * Lines in `text`: a newline ends a line, and a final newline does not start another one, so
 * "a\nb" and "a\nb\n" both have 2 lines and "" has none.
 */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let index = text.indexOf('\n');
  while (index !== -1) {
    lines++;
    index = text.indexOf('\n', index + 1);
  }
  return text.endsWith('\n') ? lines : lines + 1;
}
