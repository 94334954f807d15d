/**
 * Counts the lines of a text that arrives in pieces, with the same rule as agent-core's
 * countLines: a newline ends a line, and a final newline does not start another ("a\nb\n" is 2
 * lines, "a\nb" is 2, "" is 0). Used to number lines of outputs too large to keep whole.
 */
export class LineCounter {
  private newlines = 0;
  private endsWithNewline = true;

  add(text: string): void {
    if (text.length === 0) return;
    let index = text.indexOf('\n');
    while (index !== -1) {
      this.newlines++;
      index = text.indexOf('\n', index + 1);
    }
    this.endsWithNewline = text.charCodeAt(text.length - 1) === 10;
  }

  get lines(): number {
    return this.newlines + (this.endsWithNewline ? 0 : 1);
  }
}
