import { type TextView, TextViewBuilder } from './text-view.js';

/**
 * Fuzzy matching (seed 004 §A, plus NFKC as pi does): both the file and old_string are seen
 * through these normalisations, which undo what models (and word processors) do to text:
 *  1. NFKC: compatibility forms (fullwidth letters and punctuation, ligatures, ...) → plain;
 *  2. whitespace at the end of each line removed;
 *  3. curly single quotes ‘ ’ ‚ ‛ → ';
 *  4. curly double quotes “ ” „ ‟ → ";
 *  5. Unicode dashes (U+2010–U+2015, U+2212) → -;
 *  6. special spaces (no-break, en/em, thin, narrow no-break, ideographic, ...) → a plain space.
 * The text must already use "\n" line breaks.
 */
export function fuzzyView(text: string, options: { asciiOnly?: boolean } = {}): TextView {
  const builder = new TextViewBuilder(text);
  const length = text.length;
  // Plain ASCII text only changes at whitespace before a line break, so the scan jumps (in the
  // regex engine) from one such run or non-ASCII character to the next. Text known to be ASCII
  // (the caller checked its bytes) needs only the cheaper half of that search.
  const candidates = new RegExp(options.asciiOnly ? TRAILING_ASCII_SPACE.source : CANDIDATE.source, 'g');
  let consumed = 0;
  for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
    const index = match.index;
    if (index < consumed) {
      candidates.lastIndex = consumed;
      continue;
    }
    if (isWhitespace(text.charCodeAt(index))) {
      // Take the whole run: ASCII spaces just before a non-ASCII space belong to it.
      let start = index;
      while (start > consumed && isWhitespace(text.charCodeAt(start - 1))) start--;
      let end = index + 1;
      while (end < length && isWhitespace(text.charCodeAt(end))) end++;
      if (end === length || text.charCodeAt(end) === 0x0a) {
        builder.replace(start, end, '');
      } else {
        const run = text.slice(start, end);
        const plain = run.replace(SPECIAL_SPACES, ' ');
        if (plain !== run) builder.replace(start, end, plain);
      }
      consumed = end;
    } else {
      // A run of non-ASCII, non-space characters: normalise it cluster by cluster.
      let end = index + 1;
      while (end < length) {
        const next = text.charCodeAt(end);
        if (next < 0x80 || isWhitespace(next)) break;
        end++;
      }
      // A combining mark belongs with the ASCII letter before it ("e" + U+0301 is "é").
      const start =
        index > consumed && COMBINING_MARK.test(text[index]!) && isPlainAscii(text.charCodeAt(index - 1))
          ? index - 1
          : index;
      const run = text.slice(start, end);
      if (foldPunctuation(run.normalize('NFKC')) !== run) {
        for (const cluster of run.matchAll(CLUSTER)) {
          const normalised = foldPunctuation(cluster[0].normalize('NFKC'));
          const at = start + cluster.index;
          if (normalised !== cluster[0]) builder.replace(at, at + cluster[0].length, normalised);
        }
      }
      consumed = end;
    }
    candidates.lastIndex = consumed;
  }
  // Whitespace ending the text is trailing too; the search only finds it before a line break.
  let end = length;
  while (end > consumed && isWhitespace(text.charCodeAt(end - 1))) end--;
  if (end < length) builder.replace(end, length, '');
  return builder.build();
}

/** The normalised form of `text` alone (for old_string); the same rules as {@link fuzzyView}. */
export function fuzzyNormalize(text: string): string {
  return fuzzyView(text).text;
}

const SPECIAL_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
/** Where normalisation can change something: a non-ASCII character, or ASCII whitespace ending a line. */
const CANDIDATE = /[\u0080-\uFFFF]|[ \t\v\f\r]\n/;
const TRAILING_ASCII_SPACE = /[ \t\v\f\r]\n/;
const COMBINING_MARK = /^\p{M}/u;
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gsu;

function foldPunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(SPECIAL_SPACES, ' ');
}

/** Whitespace other than "\n", as JavaScript's `trimEnd` sees it. */
function isWhitespace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c || code === 0x0d;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isPlainAscii(code: number): boolean {
  return code < 0x80 && code !== 0x0a && !isWhitespace(code);
}
