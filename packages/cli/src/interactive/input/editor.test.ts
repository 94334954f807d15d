import { describe, expect, it } from 'vitest';
import { Editor } from './editor.js';

function editor(text: string, cursor = text.length): Editor {
  const value = new Editor();
  value.setText(text, cursor);
  return value;
}

describe('Editor', () => {
  it('inserts at the cursor and deletes graphemes whole', () => {
    const value = editor('héllo👍🏽', 5);
    value.insert('!');
    expect(value.text).toBe('héllo!👍🏽');
    value.setText(value.text);
    value.backspace();
    expect(value.text).toBe('héllo!');
  });

  it('moves by word and deletes the word before the cursor', () => {
    const value = editor('git commit --amend');
    value.wordLeft();
    expect(value.cursor).toBe(11);
    value.deleteWordBefore();
    expect(value.text).toBe('git --amend');
    value.wordRight();
    expect(value.cursor).toBe(value.text.length);
  });

  it('kills to the line start and end within a multi-line text', () => {
    const value = editor('first\nsecond line', 13);
    value.deleteToLineEnd();
    expect(value.text).toBe('first\nsecond ');
    value.deleteToLineStart();
    expect(value.text).toBe('first\n');
  });

  it('moves Up/Down between lines, then through history', () => {
    const value = new Editor();
    value.remember('older');
    value.remember('newer');
    value.setText('a\nb');
    value.up();
    expect(value.cursor).toBe(1);
    value.up();
    expect(value.text).toBe('newer');
    value.up();
    expect(value.text).toBe('older');
    value.down();
    value.down();
    expect(value.text).toBe('a\nb');
  });

  it('lays out rows cut at the width with the cursor cell', () => {
    const value = editor('abcdefghij', 7);
    const layout = value.layout(6, 2); // 4 cells per row
    expect(layout.rows).toEqual(['abcd', 'efgh', 'ij']);
    expect([layout.cursorRow, layout.cursorColumn]).toEqual([1, 3]);
  });

  it('puts the cursor on a new row when a row is full at the end', () => {
    const layout = editor('abcd').layout(6, 2);
    expect(layout.rows).toEqual(['abcd', '']);
    expect([layout.cursorRow, layout.cursorColumn]).toEqual([1, 0]);
  });

  it('lays out newlines as rows and wide characters as two cells', () => {
    const layout = editor('日本語\nx', 3).layout(6, 2);
    expect(layout.rows).toEqual(['日本', '語', 'x']);
    expect([layout.cursorRow, layout.cursorColumn]).toEqual([1, 2]);
  });
});
