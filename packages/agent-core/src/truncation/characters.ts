/**
 * Character counting for model-facing limits. A character is a Unicode code point: a surrogate
 * pair (an emoji, a rare CJK ideograph) counts once and is never cut in half; a lone surrogate
 * counts as one character.
 */

const SURROGATE = /[\uD800-\uDFFF]/;

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Characters (code points) in `text`. */
export function countChars(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index++) {
    if (isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1))) {
      pairs++;
      index++;
    }
  }
  return text.length - pairs;
}

/** The first `count` characters of `text`. */
export function sliceHeadChars(text: string, count: number): string {
  if (count <= 0) return '';
  if (count >= text.length) return text;
  if (!SURROGATE.test(text)) return text.slice(0, count);
  let index = 0;
  for (let taken = 0; taken < count && index < text.length; taken++) {
    const pair = isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1));
    index += pair ? 2 : 1;
  }
  return text.slice(0, index);
}

/** The last `count` characters of `text`. */
export function sliceTailChars(text: string, count: number): string {
  if (count <= 0) return '';
  if (count >= text.length) return text;
  if (!SURROGATE.test(text)) return text.slice(text.length - count);
  let index = text.length;
  for (let taken = 0; taken < count && index > 0; taken++) {
    const pair =
      index >= 2 && isLowSurrogate(text.charCodeAt(index - 1)) && isHighSurrogate(text.charCodeAt(index - 2));
    index -= pair ? 2 : 1;
  }
  return text.slice(index);
}
