import { describe, expect, it } from 'vitest';
import { countChars, sliceHeadChars, sliceTailChars } from './characters.js';

describe('character counting', () => {
  it('counts a surrogate pair as one character', () => {
    expect(countChars('a😀b')).toBe(3);
    expect(countChars('plain')).toBe(5);
  });

  it('counts a lone surrogate as one character', () => {
    expect(countChars('a\uD800b')).toBe(3);
  });

  it('slices heads and tails by characters without splitting pairs', () => {
    expect(sliceHeadChars('😀😀😀', 2)).toBe('😀😀');
    expect(sliceTailChars('😀😀😀', 1)).toBe('😀');
    expect(sliceTailChars('ab😀', 2)).toBe('b😀');
  });
});
