import { describe, expect, it } from 'vitest';
import { colorsEnabled, Theme } from './theme.js';

describe('colorsEnabled', () => {
  it('colours a terminal', () => {
    expect(colorsEnabled({}, true)).toBe(true);
  });

  it('never colours when NO_COLOR is set to anything non-empty', () => {
    expect(colorsEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorsEnabled({ NO_COLOR: 'yes' }, true)).toBe(false);
    expect(colorsEnabled({ NO_COLOR: '' }, true)).toBe(true);
  });

  it('never colours output that is not a terminal, or a dumb terminal', () => {
    expect(colorsEnabled({}, false)).toBe(false);
    expect(colorsEnabled({ TERM: 'dumb' }, true)).toBe(false);
  });
});

describe('Theme', () => {
  it('wraps styled spans in SGR sequences and resets after each', () => {
    expect(new Theme(true).render([{ text: 'a', style: 'error' }, { text: 'b' }])).toBe('\x1b[31ma\x1b[0mb');
  });

  it('writes the text alone without colours', () => {
    expect(
      new Theme(false).render([
        { text: 'a', style: 'error' },
        { text: 'b', style: 'bold' },
      ]),
    ).toBe('ab');
  });
});
