import { trimEndRust, trimRust } from '../parser/rust-whitespace.js';
import { normalisePunctuation } from './normalise-punctuation.js';

/** The four ways lines are compared, from strictest to loosest. */
export type MatchPass = 'exact' | 'trailing-whitespace' | 'whitespace' | 'punctuation';

export const MATCH_PASSES: readonly MatchPass[] = [
  'exact',
  'trailing-whitespace',
  'whitespace',
  'punctuation',
];

const NORMALISERS: Record<MatchPass, (line: string) => string> = {
  exact: (line) => line,
  'trailing-whitespace': trimEndRust,
  whitespace: trimRust,
  punctuation: normalisePunctuation,
};

export interface SequenceMatch {
  /** Index of the first matching line. */
  index: number;
  /** The pass that found it. */
  pass: MatchPass;
}

/**
 * Finds `pattern` as consecutive lines of `lines`, at or after `start`, the way codex does:
 * each pass scans every position before the next, looser pass begins, and the first position
 * that matches wins (there is no uniqueness check). With `endOfFile`, only the last possible
 * position is tried. An empty pattern matches at `start`.
 */
export function seekSequence(
  lines: readonly string[],
  pattern: readonly string[],
  start: number,
  endOfFile: boolean,
): SequenceMatch | undefined {
  if (pattern.length === 0) return { index: start, pass: 'exact' };
  if (pattern.length > lines.length) return undefined;
  const last = lines.length - pattern.length;
  const from = endOfFile ? last : start;
  for (const pass of MATCH_PASSES) {
    const index = scan(lines, pattern, from, last, NORMALISERS[pass], pass === 'exact');
    if (index !== undefined) return { index, pass };
  }
  return undefined;
}

function scan(
  lines: readonly string[],
  pattern: readonly string[],
  from: number,
  last: number,
  normalise: (line: string) => string,
  exact: boolean,
): number | undefined {
  const wanted = exact ? pattern : pattern.map(normalise);
  // Each file line is normalised at most once per pass, however many windows it is part of.
  const cache = exact ? undefined : new Map<number, string>();
  const lineAt = (i: number): string => {
    if (cache === undefined) return lines[i] as string;
    let value = cache.get(i);
    if (value === undefined) {
      value = normalise(lines[i] as string);
      cache.set(i, value);
    }
    return value;
  };
  outer: for (let i = from; i <= last; i++) {
    for (let j = 0; j < wanted.length; j++) {
      if (lineAt(i + j) !== wanted[j]) continue outer;
    }
    return i;
  }
  return undefined;
}
