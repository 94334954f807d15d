import { countLines } from './count-lines.js';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from './limits.js';
import type { TruncationLimits, TruncationResult } from './truncation-result.js';
import { sliceUtf8Tail, utf8ByteLength } from './utf8.js';

/**
 * Keeps the end of `text`: as many whole lines as fit in both limits, counted back from the last.
 * When the last line alone is over `maxBytes`, its final `maxBytes` bytes are kept (cut on a
 * character boundary) and `lastLinePartial` is set. The kept text is always a suffix of the
 * original, including its final newline if it has one.
 */
export function truncateTail(text: string, limits: TruncationLimits = {}): TruncationResult {
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = utf8ByteLength(text);
  const totalLines = countLines(text);
  const result = (content: string, fields: Partial<TruncationResult> = {}): TruncationResult => ({
    content,
    truncated: false,
    truncatedBy: null,
    totalLines,
    totalBytes,
    outputLines: totalLines,
    outputBytes: totalBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes,
    ...fields,
  });
  if (totalLines <= maxLines && totalBytes <= maxBytes) return result(text);

  const finalNewline = text.endsWith('\n') ? 1 : 0;
  let keptLines = 0;
  let keptBytes = finalNewline;
  let start = text.length;
  let lineEnd = text.length - finalNewline;
  while (keptLines < maxLines && keptLines < totalLines) {
    const lineStart = lineEnd === 0 ? 0 : text.lastIndexOf('\n', lineEnd - 1) + 1;
    const line = text.slice(lineStart, lineEnd);
    const cost = utf8ByteLength(line) + (keptLines > 0 ? 1 : 0);
    if (keptBytes + cost > maxBytes) {
      if (keptLines > 0) break;
      // The last line alone is too long: keep its end, cut where a character starts.
      const budget = Math.max(0, maxBytes - finalNewline);
      const partial = sliceUtf8Tail(line, budget) + (budget > 0 && finalNewline ? '\n' : '');
      return result(partial, {
        truncated: true,
        truncatedBy: 'bytes',
        outputLines: partial.length > 0 ? 1 : 0,
        outputBytes: utf8ByteLength(partial),
        lastLinePartial: true,
      });
    }
    keptBytes += cost;
    keptLines++;
    start = lineStart;
    lineEnd = lineStart - 1;
  }
  return result(text.slice(start), {
    truncated: true,
    truncatedBy: keptLines >= maxLines ? 'lines' : 'bytes',
    outputLines: keptLines,
    outputBytes: keptBytes,
  });
}
