import { describe, expect, it } from 'vitest';
import { normalisePunctuation } from './normalise-punctuation.js';
import { seekSequence } from './seek-sequence.js';

describe('seekSequence', () => {
  const lines = ['alpha', 'beta', 'gamma', 'delta'];

  it('finds an exact run of lines and says which pass matched', () => {
    expect(seekSequence(lines, ['beta', 'gamma'], 0, false)).toEqual({ index: 1, pass: 'exact' });
  });

  it('returns the start for an empty pattern', () => {
    expect(seekSequence(lines, [], 2, false)).toEqual({ index: 2, pass: 'exact' });
  });

  it('finds nothing when the pattern is longer than the file', () => {
    expect(seekSequence(['a'], ['a', 'b'], 0, false)).toBeUndefined();
  });

  it('searches only at or after the start', () => {
    expect(seekSequence(['x', 'y', 'x'], ['x'], 1, false)).toEqual({ index: 2, pass: 'exact' });
    expect(seekSequence(lines, ['alpha'], 1, false)).toBeUndefined();
  });

  it('takes the first occurrence when several match (no uniqueness check)', () => {
    expect(seekSequence(['x', 'x', 'x'], ['x'], 0, false)?.index).toBe(0);
  });

  it('pass 2 ignores trailing whitespace on both sides', () => {
    expect(seekSequence(['a  ', 'b\t'], ['a', 'b  '], 0, false)).toEqual({
      index: 0,
      pass: 'trailing-whitespace',
    });
  });

  it('pass 3 ignores leading and trailing whitespace', () => {
    expect(seekSequence(['\tif x:', '\t\treturn'], ['  if x:', 'return'], 0, false)).toEqual({
      index: 0,
      pass: 'whitespace',
    });
  });

  it('pass 4 maps typographic punctuation to ASCII on both sides', () => {
    const file = ['say \u201chi\u201d \u2013 it\u2019s\u00a0fine'];
    expect(seekSequence(file, [`say "hi" - it's fine`], 0, false)).toEqual({ index: 0, pass: 'punctuation' });
    expect(seekSequence([`say "hi" - it's fine`], file, 0, false)).toEqual({ index: 0, pass: 'punctuation' });
  });

  it('does not treat inner whitespace differences as equal', () => {
    expect(seekSequence(['a  b'], ['a b'], 0, false)).toBeUndefined();
  });

  it('runs each pass over every position before trying a looser one', () => {
    // Position 0 matches loosely, position 2 exactly: the exact pass wins.
    expect(seekSequence(['v = 1   ', 'x', 'v = 1'], ['v = 1'], 0, false)).toEqual({
      index: 2,
      pass: 'exact',
    });
  });

  it('with endOfFile, tries only the last possible position', () => {
    expect(seekSequence(['end', 'mid', 'end'], ['end'], 0, true)).toEqual({ index: 2, pass: 'exact' });
    expect(seekSequence(['a', 'b'], ['a'], 0, true)).toBeUndefined();
  });

  it('with endOfFile, ignores the start (the tail may lie before it)', () => {
    expect(seekSequence(['a', 'b'], ['b'], 5, true)).toEqual({ index: 1, pass: 'exact' });
  });

  it('uses Rust’s notion of whitespace: U+0085 is trimmed, U+FEFF is not', () => {
    expect(seekSequence(['x\u0085'], ['x'], 0, false)?.pass).toBe('trailing-whitespace');
    expect(seekSequence(['\ufeffx'], ['x'], 0, false)).toBeUndefined();
  });
});

describe('normalisePunctuation', () => {
  it('maps every dash, quote and space variant codex lists', () => {
    const dashes = '\u2010\u2011\u2012\u2013\u2014\u2015\u2212';
    const singles = '\u2018\u2019\u201a\u201b';
    const doubles = '\u201c\u201d\u201e\u201f';
    const spaces = '\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000';
    expect(normalisePunctuation(`x${dashes}${singles}${doubles}${spaces}y`)).toBe(
      `x${'-'.repeat(7)}${"'".repeat(4)}${'"'.repeat(4)}${' '.repeat(13)}y`,
    );
  });

  it('trims first, then maps', () => {
    expect(normalisePunctuation('\u00a0 \u2018a\u2019 \u3000')).toBe("'a'");
  });

  it('leaves other characters alone', () => {
    expect(normalisePunctuation('caf\u00e9 \u2026 \u00ab\u00bb')).toBe('caf\u00e9 \u2026 \u00ab\u00bb');
  });
});
