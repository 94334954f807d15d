import { graphemes, graphemeWidth } from '../terminal/width.js';

/** Where the cursor is on screen relative to the editor's first row. */
export interface EditorLayout {
  rows: string[];
  cursorRow: number;
  cursorColumn: number;
}

/**
 * The prompt's text and cursor, with readline-style editing. The cursor is a code-unit offset
 * that always sits on a grapheme boundary. Multi-line: newlines are part of the text.
 */
export class Editor {
  private value = '';
  private cursorValue = 0;
  private readonly history: string[] = [];
  private historyIndex: number | undefined;
  private draft = '';

  get text(): string {
    return this.value;
  }

  get cursor(): number {
    return this.cursorValue;
  }

  get isEmpty(): boolean {
    return this.value.length === 0;
  }

  setText(text: string, cursor = text.length): void {
    this.value = text;
    this.cursorValue = Math.max(0, Math.min(cursor, text.length));
  }

  /** Empties the editor and returns what it held. */
  take(): string {
    const text = this.value;
    this.setText('');
    this.historyIndex = undefined;
    return text;
  }

  /** Remembers a submitted text for Up / Down (consecutive duplicates once). */
  remember(text: string): void {
    if (text.trim() === '' || this.history.at(-1) === text) return;
    this.history.push(text);
    if (this.history.length > 200) this.history.shift();
  }

  insert(text: string): void {
    this.value = this.value.slice(0, this.cursorValue) + text + this.value.slice(this.cursorValue);
    this.cursorValue += text.length;
    this.historyIndex = undefined;
  }

  backspace(): void {
    if (this.cursorValue === 0) return;
    const before = this.value.slice(0, this.cursorValue);
    const last = graphemes(before).at(-1) ?? '';
    this.value = before.slice(0, before.length - last.length) + this.value.slice(this.cursorValue);
    this.cursorValue -= last.length;
  }

  deleteForward(): void {
    if (this.cursorValue >= this.value.length) return;
    const next = graphemes(this.value.slice(this.cursorValue))[0] ?? '';
    this.value = this.value.slice(0, this.cursorValue) + this.value.slice(this.cursorValue + next.length);
  }

  left(): void {
    const before = this.value.slice(0, this.cursorValue);
    this.cursorValue -= (graphemes(before).at(-1) ?? '').length;
  }

  right(): void {
    const next = graphemes(this.value.slice(this.cursorValue))[0] ?? '';
    this.cursorValue += next.length;
  }

  /** Start of the current line (Home, Ctrl+A). */
  lineStart(): void {
    this.cursorValue = this.value.lastIndexOf('\n', this.cursorValue - 1) + 1;
  }

  /** End of the current line (End, Ctrl+E). */
  lineEnd(): void {
    const end = this.value.indexOf('\n', this.cursorValue);
    this.cursorValue = end === -1 ? this.value.length : end;
  }

  wordLeft(): void {
    let index = this.cursorValue;
    while (index > 0 && /\s/.test(this.value[index - 1]!)) index--;
    while (index > 0 && !/\s/.test(this.value[index - 1]!)) index--;
    this.cursorValue = index;
  }

  wordRight(): void {
    let index = this.cursorValue;
    while (index < this.value.length && /\s/.test(this.value[index]!)) index++;
    while (index < this.value.length && !/\s/.test(this.value[index]!)) index++;
    this.cursorValue = index;
  }

  /** Deletes the word before the cursor (Ctrl+W, Alt+Backspace). */
  deleteWordBefore(): void {
    const end = this.cursorValue;
    this.wordLeft();
    this.value = this.value.slice(0, this.cursorValue) + this.value.slice(end);
  }

  /** Deletes from the start of the line to the cursor (Ctrl+U). */
  deleteToLineStart(): void {
    const end = this.cursorValue;
    this.lineStart();
    if (this.cursorValue === end && end > 0) this.cursorValue--; // at a line start: join with the previous line
    this.value = this.value.slice(0, this.cursorValue) + this.value.slice(end);
  }

  /** Deletes from the cursor to the end of the line (Ctrl+K). */
  deleteToLineEnd(): void {
    const start = this.cursorValue;
    this.lineEnd();
    const end = this.cursorValue === start && start < this.value.length ? start + 1 : this.cursorValue;
    this.value = this.value.slice(0, start) + this.value.slice(end);
    this.cursorValue = start;
  }

  /** Up: the previous line of a multi-line text, else the previous history entry. */
  up(): void {
    const lineStart = this.value.lastIndexOf('\n', this.cursorValue - 1) + 1;
    if (lineStart > 0) {
      const column = this.cursorValue - lineStart;
      const previousStart = this.value.lastIndexOf('\n', lineStart - 2) + 1;
      this.cursorValue = Math.min(previousStart + column, lineStart - 1);
      return;
    }
    if (this.history.length === 0) return;
    if (this.historyIndex === undefined) {
      this.draft = this.value;
      this.historyIndex = this.history.length;
    }
    if (this.historyIndex === 0) return;
    this.historyIndex--;
    this.setText(this.history[this.historyIndex]!);
  }

  /** Down: the next line of a multi-line text, else the next history entry (then the draft). */
  down(): void {
    const lineEnd = this.value.indexOf('\n', this.cursorValue);
    if (lineEnd !== -1) {
      const lineStart = this.value.lastIndexOf('\n', this.cursorValue - 1) + 1;
      const column = this.cursorValue - lineStart;
      const nextEnd = this.value.indexOf('\n', lineEnd + 1);
      this.cursorValue = Math.min(lineEnd + 1 + column, nextEnd === -1 ? this.value.length : nextEnd);
      return;
    }
    if (this.historyIndex === undefined) return;
    this.historyIndex++;
    if (this.historyIndex >= this.history.length) {
      this.historyIndex = undefined;
      this.setText(this.draft);
    } else {
      this.setText(this.history[this.historyIndex]!);
    }
  }

  /**
   * The text laid out in rows of `width` cells (cut by character, so every position maps to a
   * cell), with the cursor's row and column. `firstIndent` cells of the first row and `indent`
   * cells of the others are taken by the prompt.
   */
  layout(width: number, indent: number): EditorLayout {
    const room = Math.max(1, width - indent);
    const rows: string[] = [];
    let cursorRow = 0;
    let cursorColumn = 0;
    let offset = 0;
    const lines = this.value.split('\n');
    lines.forEach((text, lineIndex) => {
      let row = '';
      let used = 0;
      const place = (): void => {
        cursorRow = rows.length;
        cursorColumn = used;
      };
      for (const grapheme of graphemes(text)) {
        if (offset === this.cursorValue) place();
        const cells = graphemeWidth(grapheme);
        if (used + cells > room) {
          rows.push(row);
          row = '';
          used = 0;
          if (offset === this.cursorValue) place();
        }
        row += grapheme;
        used += cells;
        offset += grapheme.length;
      }
      if (offset === this.cursorValue) {
        if (used >= room) {
          rows.push(row);
          row = '';
          used = 0;
        }
        place();
      }
      rows.push(row);
      if (lineIndex < lines.length - 1) offset += 1; // the newline
    });
    return { rows, cursorRow, cursorColumn };
  }
}
