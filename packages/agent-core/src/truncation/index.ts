/**
 * Truncation: how tool output is cut to size, in two families.
 *
 * **pi-style, for tools** (seed 004 §H). `truncateHead(text, limits?)` keeps the beginning
 * (read_file, grep, list_dir), `truncateTail(text, limits?)` the end (shell). `limits` is
 * `{ maxLines?, maxBytes? }`, defaulting to `DEFAULT_MAX_LINES` (2000) and `DEFAULT_MAX_BYTES`
 * (50 KB); pass `Infinity` to turn one off. Both keep whole lines only, with two exceptions they
 * report: head returns "" with `firstLineExceedsLimit` when the first line alone is over
 * `maxBytes`; tail keeps the last `maxBytes` bytes of an over-long last line with
 * `lastLinePartial`. They return a `TruncationResult`
 * `{ content, truncated, truncatedBy: 'lines' | 'bytes' | null, totalLines, totalBytes,
 * outputLines, outputBytes, lastLinePartial, firstLineExceedsLimit, maxLines, maxBytes }`.
 * Lines: a newline ends a line and a final newline does not start another, so "a\nb\n" is 2
 * lines and "" is 0. Head's content is a prefix of the text ending before the newline of its
 * last line; tail's is a suffix (with the final newline, if any). Bytes are UTF-8 and no cut
 * ever splits a character. `truncateLine(line, maxChars = GREP_MAX_LINE_LENGTH)` (500) cuts one
 * line to `maxChars` characters and appends "... [truncated]", returning `{ text, wasTruncated }`.
 * Helpers: `utf8ByteLength`, `sliceUtf8Head` / `sliceUtf8Tail` (the longest prefix / suffix of
 * a string within N bytes, on character boundaries), `alignUtf8Start` / `alignUtf8End` (the same
 * for raw byte buffers), `countLines`, `formatSize` (512B, 50.0KB, 1.5MB).
 *
 * **Loop spec §5, for the model.** `truncateToolOutput(text, toolName, { charLimits?,
 * lineLimits?, modes? })` runs the character pass first, so size is bounded whatever the shape
 * (two 10 MB lines included), then the line pass for readability. Defaults:
 * `DEFAULT_TOOL_CHAR_LIMITS` (read_file 50 000 head_tail, shell 30 000 head_tail, grep 20 000
 * tail, glob 20 000 tail, edit_file 10 000 tail, apply_patch 10 000 tail, write_file 1 000 tail,
 * spawn_agent 20 000 head_tail; any other tool `FALLBACK_TOOL_CHAR_LIMIT` 30 000 head_tail) and
 * `DEFAULT_TOOL_LINE_LIMITS` (shell 256, grep 200, glob 500; others none). It returns
 * `{ text, truncated, mode, maxChars, maxLines, totalChars, removedChars, linesBeforeLinePass,
 * omittedLines }`. Characters are Unicode code points (`countChars`), so a surrogate pair counts
 * once and is never split. Markers, exactly:
 *  - head_tail, between the halves (the head gets floor(max/2) characters), with a blank line on
 *    each side: `[WARNING: Tool output was truncated. N characters were removed from the middle.
 *    The full output is available in the event stream. If you need to see specific parts, re-run
 *    the tool with more targeted parameters.]`
 *  - tail, before the kept end, then a blank line: `[WARNING: Tool output was truncated. First N
 *    characters were removed. The full output is available in the event stream.]`
 *  - head (not in the spec; our mirror of tail), after a blank line: `[WARNING: Tool output was
 *    truncated. Last N characters were removed. The full output is available in the event
 *    stream.]`
 *  - lines, always a head/tail split as the spec says (tail gets the larger half):
 *    `[... N lines omitted ...]` on its own line.
 * The passes are also exported alone: `truncateChars(text, maxChars, mode)` and
 * `truncateLines(text, maxLines)`.
 */
export { countChars, sliceHeadChars, sliceTailChars } from './characters.js';
export { countLines } from './count-lines.js';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, GREP_MAX_LINE_LENGTH } from './limits.js';
export {
  DEFAULT_TOOL_CHAR_LIMITS,
  DEFAULT_TOOL_LINE_LIMITS,
  DEFAULT_TOOL_TRUNCATION_MODES,
  FALLBACK_TOOL_CHAR_LIMIT,
  FALLBACK_TOOL_TRUNCATION_MODE,
} from './tool-output-limits.js';
export {
  type CharTruncation,
  headMarker,
  headTailMarker,
  type TruncationMode,
  tailMarker,
  truncateChars,
} from './truncate-chars.js';
export { truncateHead } from './truncate-head.js';
export { LINE_TRUNCATED_SUFFIX, truncateLine } from './truncate-line.js';
export { type LineTruncation, linesOmittedMarker, truncateLines } from './truncate-lines.js';
export { truncateTail } from './truncate-tail.js';
export {
  type ToolOutputTruncation,
  type ToolOutputTruncationOptions,
  truncateToolOutput,
} from './truncate-tool-output.js';
export type { TruncationLimits, TruncationResult } from './truncation-result.js';
export {
  alignUtf8End,
  alignUtf8Start,
  formatSize,
  sliceUtf8Head,
  sliceUtf8Tail,
  utf8ByteLength,
} from './utf8.js';
