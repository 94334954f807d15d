import type { Line } from './styled.js';
import { lineText } from './styled.js';
import type { Theme } from './theme.js';
import { textWidth } from './width.js';

/** Where the terminal's cursor goes: a row of the live area and a column. */
export interface CursorPosition {
  row: number;
  column: number;
}

export interface RenderOutput {
  write(text: string): void;
}

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
const CLEAR_BELOW = '\x1b[J';

/**
 * Draws frames inline, below the shell prompt: finished rows are written once and scroll into
 * the terminal's scrollback like any program's output; the live area under them (the row being
 * streamed, running tools, the prompt editor and the status line) is redrawn in place each frame
 * by moving the cursor back to its top. Every row must already fit the width. Frames are wrapped
 * in synchronized-output marks (terminals that lack them ignore them).
 *
 * Without a terminal (`interactive` false) only the finished rows are written, as plain lines.
 */
export class Renderer {
  /** Widths of the live rows on screen, to find their top again (also after a resize). */
  private liveWidths: number[] = [];
  /** The live row and column the cursor was left on. */
  private cursorRow = 0;
  private cursorColumn = 0;

  constructor(
    private readonly out: RenderOutput,
    private readonly theme: Theme,
    readonly interactive: boolean,
  ) {}

  /**
   * Writes `final` rows above the live area and redraws the live area as `live`, leaving the
   * cursor at `cursor` (hidden when undefined). `height` is the terminal's: a live area taller
   * than it keeps its last rows (the editor and status line are at the bottom).
   */
  frame(
    final: readonly Line[],
    live: readonly Line[],
    cursor: CursorPosition | undefined,
    height: number,
  ): void {
    if (!this.interactive) {
      if (final.length > 0) this.out.write(final.map((row) => `${this.theme.render(row)}\n`).join(''));
      return;
    }
    const maxLive = Math.max(1, height - 1);
    const cut = Math.max(0, live.length - maxLive);
    const shown = cut > 0 ? live.slice(cut) : live;
    let text = SYNC_START + HIDE_CURSOR + this.toTop() + CLEAR_BELOW;
    for (const row of final) text += `${this.theme.render(row)}\r\n`;
    text += shown.map((row) => this.theme.render(row)).join('\r\n');
    this.liveWidths = shown.map((row) => textWidth(lineText(row)));
    const last = Math.max(0, shown.length - 1);
    if (cursor) {
      const row = Math.max(0, Math.min(last, cursor.row - cut));
      if (last - row > 0) text += `\x1b[${last - row}A`;
      text += '\r';
      if (cursor.column > 0) text += `\x1b[${cursor.column}C`;
      text += SHOW_CURSOR;
      this.cursorRow = row;
      this.cursorColumn = cursor.column;
    } else {
      this.cursorRow = last;
      this.cursorColumn = this.liveWidths[last] ?? 0;
    }
    this.out.write(text + SYNC_END);
  }

  /**
   * The terminal's width changed: terminals that reflow their lines have re-wrapped the live rows,
   * so the cursor is now further below their top. Counted by the rows' widths at the new width.
   */
  resized(width: number): void {
    const cols = Math.max(1, width);
    let rows = 0;
    for (const cells of this.liveWidths.slice(0, this.cursorRow))
      rows += Math.max(1, Math.ceil(cells / cols));
    this.cursorRow = rows + Math.floor(Math.max(0, this.cursorColumn - 1) / cols);
    this.cursorColumn = 0;
    this.liveWidths = [];
  }

  /** Clears the live area and leaves the cursor at its top (before exiting, or a full redraw). */
  clearLive(): void {
    if (!this.interactive) return;
    this.out.write(`${this.toTop()}${CLEAR_BELOW}${SHOW_CURSOR}`);
    this.liveWidths = [];
    this.cursorRow = 0;
  }

  /** Clears the whole screen (Ctrl+L); the next frame draws the live area at the top. */
  clearScreen(): void {
    if (!this.interactive) return;
    this.out.write('\x1b[2J\x1b[H');
    this.liveWidths = [];
    this.cursorRow = 0;
  }

  private toTop(): string {
    return this.cursorRow > 0 ? `\r\x1b[${this.cursorRow}A` : '\r';
  }
}
