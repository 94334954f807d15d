import { describe, expect, it } from 'vitest';
import { graphemes, sanitize, textWidth, truncateToWidth } from './width.js';

describe('textWidth', () => {
  it('counts ASCII one cell per character', () => {
    expect(textWidth('hello, world')).toBe(12);
  });

  it('counts CJK and fullwidth characters as two cells', () => {
    expect(textWidth('日本語')).toBe(6);
    expect(textWidth('ＡＢ')).toBe(4);
    expect(textWidth('한국어')).toBe(6);
  });

  it('counts emoji clusters (ZWJ families, flags, skin tones) as two cells', () => {
    expect(textWidth('👍')).toBe(2);
    expect(textWidth('👨‍👩‍👧')).toBe(2);
    expect(textWidth('🇫🇷')).toBe(2);
    expect(textWidth('👍🏽')).toBe(2);
  });

  it('counts combining marks as part of their base character', () => {
    expect(textWidth('e\u0301')).toBe(1);
    expect(graphemes('e\u0301x')).toEqual(['e\u0301', 'x']);
  });

  it('counts zero-width characters as nothing', () => {
    expect(textWidth('a\u200bb')).toBe(2);
  });
});

describe('sanitize', () => {
  it('removes colour and cursor sequences', () => {
    expect(sanitize('\x1b[31mred\x1b[0m \x1b[2Jx \x1b]0;title\x07y')).toBe('red x y');
  });

  it('keeps what a carriage-return progress line last showed', () => {
    expect(sanitize('10%\r50%\r100%\ndone\r\n')).toBe('100%\ndone\n');
  });

  it('expands tabs to stops of four and drops other control characters', () => {
    expect(sanitize('a\tb\x07c\x00')).toBe('a   bc');
  });
});

describe('truncateToWidth', () => {
  it('leaves text that fits alone', () => {
    expect(truncateToWidth('short', 10)).toBe('short');
  });

  it('cuts to the width with an ellipsis, never splitting a wide character', () => {
    expect(truncateToWidth('abcdefghij', 5)).toBe('abcd…');
    const cut = truncateToWidth('日本語日本語', 6);
    expect(textWidth(cut)).toBeLessThanOrEqual(6);
    expect(cut).toBe('日本…');
  });
});
