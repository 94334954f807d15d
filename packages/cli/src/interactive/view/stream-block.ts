import { type Line, type StyleName, span } from '../terminal/styled.js';
import { sanitize, textWidth } from '../terminal/width.js';
import { wrapRanges } from '../terminal/wrap.js';

/**
 * Text that arrives in pieces (the answer, the reasoning), shown as it comes: rows that can no
 * longer change are handed out for printing (they go to the scrollback), the row still being
 * written stays in the live area. Greedy wrapping never changes a row once the next one exists,
 * so every row before the last is final.
 */
export class StreamBlock {
  /** Text not printed yet; it starts at the beginning of a row. */
  private pending = '';
  private printedRows = 0;
  private finished = false;

  constructor(
    private readonly first: Line,
    private readonly rest: Line,
    private readonly style: StyleName,
  ) {}

  append(delta: string): void {
    this.pending += sanitize(delta);
  }

  /** No more text: every remaining row is final. */
  finish(): void {
    this.finished = true;
  }

  get done(): boolean {
    return this.finished && this.pending === '';
  }

  /** Whether any text was shown at all. */
  get isEmpty(): boolean {
    return this.printedRows === 0 && this.pending.trim() === '';
  }

  /** Rows that are final, removed from the block: print them once. */
  takeFinalRows(width: number): Line[] {
    const room = this.room(width);
    const out: Line[] = [];
    if (this.printedRows === 0) {
      // Leading blank lines of a response are noise.
      this.pending = this.pending.replace(/^\s*\n/, '');
    }
    if (this.finished) {
      this.pending = this.pending.replace(/\s+$/, '');
      if (this.pending === '') return [];
    }
    const logical = this.pending.split('\n');
    const last = this.finished ? undefined : logical.pop();
    for (const text of logical)
      for (const range of wrapRanges(text, room)) out.push(this.row(text.slice(range.start, range.end)));
    let rest = '';
    if (last !== undefined) {
      const ranges = wrapRanges(last, room);
      const tail = ranges.pop()!;
      for (const range of ranges) out.push(this.row(last.slice(range.start, range.end)));
      rest = last.slice(tail.start);
    }
    this.pending = rest;
    return out;
  }

  /** The row still being written, for the live area (empty when there is none). */
  liveRows(width: number): Line[] {
    if (this.pending === '') return [];
    const room = this.room(width);
    const gutter = this.printedRows === 0 ? this.first : this.rest;
    return wrapRanges(this.pending, room).map((range, index) => [
      ...(index === 0 ? gutter : this.rest),
      span(this.pending.slice(range.start, range.end), this.style),
    ]);
  }

  private row(text: string): Line {
    const gutter = this.printedRows === 0 ? this.first : this.rest;
    this.printedRows++;
    // A blank line gets no gutter either: nothing trails in the scrollback.
    return text === '' && gutter === this.rest ? [] : [...gutter, span(text, this.style)];
  }

  private room(width: number): number {
    return Math.max(1, width - textWidth(this.first.map((part) => part.text).join('')));
  }
}
