/**
 * Terminal cell widths of text: 0 for combining marks and zero-width characters, 2 for East Asian
 * wide and fullwidth characters and emoji, 1 otherwise. Measured per grapheme cluster, so that a
 * flag, a skin-tone emoji or a ZWJ family counts as one glyph.
 */

let segmenter: Intl.Segmenter | undefined;

/** Grapheme clusters of `text` (created on first use: Intl.Segmenter is not free to build). */
export function graphemes(text: string): string[] {
  // ASCII needs no segmentation: one code unit is one grapheme (CR LF aside, which we never keep).
  if (isAscii(text)) return text.split('');
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) out.push(segment);
  return out;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: checking for the ASCII range
const ASCII = /^[\x00-\x7f]*$/;

function isAscii(text: string): boolean {
  return ASCII.test(text);
}

// Combining marks, variation selectors (Mn) and format characters such as ZWSP and ZWJ (Cf).
const ZERO_WIDTH = /^(?:\p{Mn}|\p{Me}|\p{Cf})+$/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

/** Cells taken by one grapheme cluster. */
export function graphemeWidth(grapheme: string): number {
  const code = grapheme.codePointAt(0) ?? 0;
  if (grapheme.length === 1 && code >= 0x20 && code < 0x7f) return 1;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return 0;
  if (ZERO_WIDTH.test(grapheme)) return 0;
  // Regional-indicator pairs (flags), emoji shown as emoji, keycaps: two cells.
  if (code >= 0x1f1e6 && code <= 0x1f1ff) return 2;
  if (PICTOGRAPHIC.test(grapheme)) {
    if (EMOJI_PRESENTATION.test(grapheme) || grapheme.includes('\ufe0f')) return 2;
    return 1;
  }
  return isWide(code) ? 2 : 1;
}

/** Cells taken by `text` (plain text: no escape sequences). */
export function textWidth(text: string): number {
  if (isAscii(text)) return text.length;
  let width = 0;
  for (const grapheme of graphemes(text)) width += graphemeWidth(grapheme);
  return width;
}

/** East Asian Wide (W) and Fullwidth (F) ranges, condensed. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1b000 && code <= 0x1b2ff) ||
    (code >= 0x1f200 && code <= 0x1f2ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

// CSI (with its parameters), OSC (to BEL or ST), other two-byte escapes, and C1 CSI.
const ESCAPES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal escape sequences
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters other than tab and newline
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

/**
 * Text from the model or a tool made safe to print: escape sequences removed (a tool's colours,
 * or anything that could move the cursor), CRLF turned into LF, a line redrawn with CR (a progress
 * bar) reduced to what it last showed, tabs expanded to stops of 4, other control characters dropped.
 */
export function sanitize(text: string): string {
  let out = text.includes('\x1b') || text.includes('\x9b') ? text.replace(ESCAPES, '') : text;
  if (out.includes('\r')) {
    out = out
      .replace(/\r+\n/g, '\n')
      .split('\n')
      .map((line) => {
        const parts = line.split('\r').filter((part) => part !== '');
        return parts.at(-1) ?? '';
      })
      .join('\n');
  }
  if (out.includes('\t')) out = out.split('\n').map(expandTabs).join('\n');
  return out.replace(CONTROLS, '');
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  let column = 0;
  for (const grapheme of graphemes(line)) {
    if (grapheme === '\t') {
      const spaces = 4 - (column % 4);
      out += ' '.repeat(spaces);
      column += spaces;
    } else {
      out += grapheme;
      column += graphemeWidth(grapheme);
    }
  }
  return out;
}

/** `text` cut to at most `width` cells, ending in `ellipsis` when it was cut. */
export function truncateToWidth(text: string, width: number, ellipsis = '…'): string {
  if (textWidth(text) <= width) return text;
  const room = width - textWidth(ellipsis);
  if (room <= 0) return ellipsis.slice(0, Math.max(0, width));
  let out = '';
  let used = 0;
  for (const grapheme of graphemes(text)) {
    const cells = graphemeWidth(grapheme);
    if (used + cells > room) break;
    out += grapheme;
    used += cells;
  }
  return out + ellipsis;
}
