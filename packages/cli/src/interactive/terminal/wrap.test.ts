import { describe, expect, it } from 'vitest';
import { lineText } from './styled.js';
import { textWidth } from './width.js';
import { wrapLine, wrapRanges, wrapText } from './wrap.js';

const rows = (text: string, width: number): string[] =>
  wrapRanges(text, width).map((range) => text.slice(range.start, range.end));

describe('wrapRanges', () => {
  it('breaks at spaces and drops the spaces at the break', () => {
    expect(rows('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
  });

  it('cuts a word wider than the row by character', () => {
    expect(rows('aaaaaaaaaaaaaaa bb', 6)).toEqual(['aaaaaa', 'aaaaaa', 'aaa bb']);
  });

  it('keeps indentation on the first row', () => {
    expect(rows('    indented text here', 12)).toEqual(['    indented', 'text here']);
  });

  it('never puts a wide character across the edge', () => {
    const result = rows('日本語日本語日本語', 7);
    for (const row of result) expect(textWidth(row)).toBeLessThanOrEqual(7);
    expect(result.join('')).toBe('日本語日本語日本語');
  });

  it('gives one empty row for empty text', () => {
    expect(rows('', 10)).toEqual(['']);
  });

  it('fits every row in 80 columns for long mixed text', () => {
    let text = '';
    for (let index = 0; index < 400; index++)
      text += `${'word'.repeat((index % 7) + 1)}${index % 5 === 0 ? '日本' : ''} `;
    for (const row of rows(text, 80)) expect(textWidth(row)).toBeLessThanOrEqual(80);
  });

  it('never changes a row once a later row exists, whatever is appended (streaming relies on it)', () => {
    const text =
      'Streaming answers arrive in small pieces; supercalifragilisticexpialidocious words and 日本語 too.';
    for (let cut = 1; cut < text.length; cut++) {
      const before = rows(text.slice(0, cut), 16);
      const after = rows(text, 16);
      expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
    }
  });
});

describe('wrapLine', () => {
  it('keeps the styles of the spans across rows', () => {
    const wrapped = wrapLine(
      [
        { text: 'plain words ', style: 'plain' },
        { text: 'bold words here', style: 'bold' },
      ],
      12,
    );
    expect(wrapped.map(lineText)).toEqual(['plain words', 'bold words', 'here']);
    expect(wrapped[1]).toEqual([{ text: 'bold words', style: 'bold' }]);
  });
});

describe('wrapText', () => {
  it('wraps each line of a multi-line text', () => {
    expect(wrapText('one two\nthree', 4).map(lineText)).toEqual(['one', 'two', 'thre', 'e']);
  });
});
