import { fuzzyNormalize, fuzzyView } from './fuzzy-normalize.js';
import { lfView, toLf } from './line-endings.js';
import type { TextView } from './text-view.js';

/** Where old_string was found, as ranges of the file's text (BOM removed, line endings as they are). */
export type MatchOutcome =
  | { found: true; kind: 'exact' | 'fuzzy'; ranges: Array<readonly [number, number]> }
  | { found: false; reason: 'not_found' }
  | { found: false; reason: 'multiple'; occurrences: number };

function occurrencesOf(haystack: string, needle: string, limit = Number.POSITIVE_INFINITY): number[] {
  const positions: number[] = [];
  for (let index = haystack.indexOf(needle); index !== -1 && positions.length < limit; ) {
    positions.push(index);
    index = haystack.indexOf(needle, index + needle.length);
  }
  return positions;
}

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (
    let index = haystack.indexOf(needle);
    index !== -1;
    index = haystack.indexOf(needle, index + needle.length)
  ) {
    count++;
  }
  return count;
}

/**
 * Finds old_string in a file's text: exactly first (line endings unified, so an LF old_string
 * matches a CRLF file), then through the fuzzy normalisations. Uniqueness is always counted in
 * the normalised space, so "hello" is ambiguous in a file holding "hello" and "hello   ".
 * With `replaceAll` every occurrence is returned: the exact ones when there is any, otherwise
 * the fuzzy ones. `asciiOnly` (the caller checked the file's bytes) speeds up normalising.
 */
export function findMatches(
  text: string,
  oldString: string,
  replaceAll: boolean,
  options: { asciiOnly?: boolean } = {},
): MatchOutcome {
  const lf = lfView(text);
  const needle = toLf(oldString);
  const fuzzy = fuzzyView(lf.text, options);
  const fuzzyNeedle = fuzzyNormalize(needle);

  // The common case, a file and needle the normalisations leave alone: one scan does both.
  if (fuzzy.isIdentity && fuzzyNeedle === needle) {
    const positions = occurrencesOf(lf.text, needle);
    if (positions.length === 0) return { found: false, reason: 'not_found' };
    if (!replaceAll && positions.length > 1)
      return { found: false, reason: 'multiple', occurrences: positions.length };
    return {
      found: true,
      kind: 'exact',
      ranges: positions.map((start) => toSource(lf, start, start + needle.length)),
    };
  }

  // A needle of whitespace alone normalises to nothing; such a needle is only matched exactly.
  const fuzzyCount = fuzzyNeedle.length > 0 ? countOccurrences(fuzzy.text, fuzzyNeedle) : 0;
  const exact = occurrencesOf(lf.text, needle, replaceAll ? Number.POSITIVE_INFINITY : 1);
  if (exact.length > 0) {
    const occurrences = fuzzyCount > 0 ? fuzzyCount : countOccurrences(lf.text, needle);
    if (!replaceAll && occurrences > 1) return { found: false, reason: 'multiple', occurrences };
    return {
      found: true,
      kind: 'exact',
      ranges: exact.map((start) => toSource(lf, start, start + needle.length)),
    };
  }

  if (fuzzyCount === 0) return { found: false, reason: 'not_found' };
  if (!replaceAll && fuzzyCount > 1) return { found: false, reason: 'multiple', occurrences: fuzzyCount };
  const ranges: Array<readonly [number, number]> = [];
  for (const start of occurrencesOf(fuzzy.text, fuzzyNeedle)) {
    const from = lf.toSourceStart(fuzzy.toSourceStart(start));
    const to = lf.toSourceEnd(fuzzy.toSourceEnd(start + fuzzyNeedle.length));
    // Widening a match to whole characters can make neighbours touch; never let them overlap.
    const previous = ranges[ranges.length - 1];
    if (previous && from < previous[1]) continue;
    ranges.push([from, to]);
  }
  return { found: true, kind: 'fuzzy', ranges };
}

function toSource(view: TextView, start: number, end: number): readonly [number, number] {
  return [view.toSourceStart(start), view.toSourceEnd(end)];
}
