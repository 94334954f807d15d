import { describe, expect, it } from 'vitest';
import { findMatches } from './find-matches.js';

describe('findMatches', () => {
  it('finds an exact match and returns its range in the source', () => {
    expect(findMatches('abc def', 'def', false)).toEqual({ found: true, kind: 'exact', ranges: [[4, 7]] });
  });

  it('maps an LF needle in a CRLF text to a range that covers the "\\r\\n"', () => {
    expect(findMatches('a\r\nb\r\nc', 'a\nb', false)).toEqual({
      found: true,
      kind: 'exact',
      ranges: [[0, 4]],
    });
    expect(findMatches('a\r\nb\r\nc', 'b\n', false)).toEqual({
      found: true,
      kind: 'exact',
      ranges: [[3, 6]],
    });
  });

  it('falls back to fuzzy matching and maps the match to the original characters', () => {
    const text = 'say \u201Chi\u201D\r\nnext';
    expect(findMatches(text, 'say "hi"\nnext', false)).toEqual({
      found: true,
      kind: 'fuzzy',
      ranges: [[0, 14]],
    });
  });

  it('counts occurrences in the normalised space even when one matches exactly', () => {
    expect(findMatches("it\u2019s\nit's", "it's", false)).toEqual({
      found: false,
      reason: 'multiple',
      occurrences: 2,
    });
  });

  it('matches whitespace-only needles exactly only', () => {
    expect(findMatches('a  b', '  ', false)).toEqual({ found: true, kind: 'exact', ranges: [[1, 3]] });
    expect(findMatches('ab', '  ', false)).toEqual({ found: false, reason: 'not_found' });
  });

  it('returns every occurrence for replace_all', () => {
    expect(findMatches('x.x.x', 'x', true)).toEqual({
      found: true,
      kind: 'exact',
      ranges: [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
    });
  });
});
