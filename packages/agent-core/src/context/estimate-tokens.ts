/**
 * A fast, tokenizer-free estimate of how many tokens a text costs. The loop spec's rule is
 * characters / 4, which holds for English and code; scripts that tokenizers split finely would be
 * badly undercounted by it, so each character is weighted by its script instead.
 *
 * The weights (tokens per character):
 *
 * | characters | weight | why |
 * |---|---|---|
 * | U+0000–U+024F (ASCII, Latin supplements) | 1/4 | the spec's characters / 4 |
 * | U+0250–U+07FF (Greek, Cyrillic, Hebrew, Arabic, …) | 1/2 | two-byte UTF-8 scripts get fewer merges |
 * | Han ideographs (U+3400–U+4DBF, U+4E00–U+9FFF, U+F900–U+FAFF) | 2 | seed 004's reference figure; tokenizers spend one to two tokens on a Han character, and the high end makes compaction come early rather than late |
 * | any other character in U+0800–U+FFFF (kana, Hangul, CJK punctuation, Indic, Thai, symbols) | 1 | three-byte UTF-8: about one token each |
 * | outside the BMP (emoji, rare Han) | 2 | four-byte UTF-8 |
 *
 * An image counts as {@link IMAGE_TOKENS} whatever its size. Estimates err high on purpose: a
 * budget that is reached early costs a compaction, one reached late costs a failed request.
 */

/** Tokens an image (or another attachment) counts for: seed 004 §6.2's figure. */
export const IMAGE_TOKENS = 1_200;

// Any character above U+024F: the first one that needs weighting.
const NON_LATIN = /[\u0250-\uffff]/;

/** Tokens `text` costs, rounded up. '' costs 0. */
export function estimateTokens(text: string): number {
  // Most history is English and code: one native scan decides that no weighting is needed.
  if (!NON_LATIN.test(text)) return Math.ceil(text.length / 4);
  let tokens = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x250) tokens += 0.25;
    else if (code < 0x800) tokens += 0.5;
    else if (code >= 0xd800 && code <= 0xdbff) {
      // A high surrogate: the character lies outside the BMP; its low half is skipped.
      tokens += 2;
      i++;
    } else if (isHan(code)) tokens += 2;
    else tokens += 1;
  }
  return Math.ceil(tokens);
}

function isHan(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff)
  );
}
