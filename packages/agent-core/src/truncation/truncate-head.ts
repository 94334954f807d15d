import { countLines } from './count-lines.js';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from './limits.js';
import type { TruncationLimits, TruncationResult } from './truncation-result.js';
import { utf8ByteLength } from './utf8.js';

/**
 * Keeps the beginning of `text`: as many whole lines as fit in both limits. Lines are never cut,
 * so when the first line alone is over `maxBytes` the result is empty and
 * `firstLineExceedsLimit` is set (a reader then needs another way to see that line). The kept
 * text ends at the end of its last line, without that line's newline.
 */
export function truncateHead(text: string, limits: TruncationLimits = {}): TruncationResult {
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = utf8ByteLength(text);
  const totalLines = countLines(text);
  const untouched = (): TruncationResult => ({
    content: text,
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
  });
  if (totalLines <= maxLines && totalBytes <= maxBytes) return untouched();

  let keptLines = 0;
  let keptBytes = 0;
  let end = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  let position = 0;
  while (keptLines < maxLines && keptLines < totalLines) {
    const newline = text.indexOf('\n', position);
    const lineEnd = newline === -1 ? text.length : newline;
    const cost = utf8ByteLength(text.slice(position, lineEnd)) + (keptLines > 0 ? 1 : 0);
    if (keptBytes + cost > maxBytes) {
      truncatedBy = 'bytes';
      break;
    }
    keptBytes += cost;
    keptLines++;
    end = lineEnd;
    position = lineEnd + 1;
  }
  // Every line fits once the final newline is left off: nothing a reader needs was cut.
  if (keptLines === totalLines) return untouched();

  return {
    content: text.slice(0, end),
    truncated: true,
    truncatedBy,
    totalLines,
    totalBytes,
    outputLines: keptLines,
    outputBytes: keptBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: keptLines === 0 && truncatedBy === 'bytes',
    maxLines,
    maxBytes,
  };
}
