import { trimRust } from '../parser/rust-whitespace.js';

/**
 * Typographic characters a model (or an editor) swaps for their ASCII look-alikes. The last,
 * loosest matching pass compares lines with these mapped to ASCII, so `“quoted” – text` in a file
 * matches `"quoted" - text` in a patch and the other way round.
 */
const ASCII_EQUIVALENT: ReadonlyMap<string, string> = new Map([
  // Hyphens and dashes: hyphen, non-breaking hyphen, figure dash, en dash, em dash,
  // horizontal bar, minus sign.
  ...['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212'].map((c) => [c, '-'] as const),
  // Single quotes: left, right, low-9, high-reversed-9.
  ...['\u2018', '\u2019', '\u201A', '\u201B'].map((c) => [c, "'"] as const),
  // Double quotes: left, right, low-9, high-reversed-9.
  ...['\u201C', '\u201D', '\u201E', '\u201F'].map((c) => [c, '"'] as const),
  // Spaces: no-break, en to hair spaces, narrow no-break, medium mathematical, ideographic.
  ...[
    '\u00A0',
    '\u2002',
    '\u2003',
    '\u2004',
    '\u2005',
    '\u2006',
    '\u2007',
    '\u2008',
    '\u2009',
    '\u200A',
    '\u202F',
    '\u205F',
    '\u3000',
  ].map((c) => [c, ' '] as const),
]);

const PATTERN = new RegExp(`[${[...ASCII_EQUIVALENT.keys()].join('')}]`, 'g');

/** Trims both ends, then maps typographic punctuation and spaces to ASCII. */
export function normalisePunctuation(line: string): string {
  return trimRust(line).replace(PATTERN, (c) => ASCII_EQUIVALENT.get(c) ?? c);
}
