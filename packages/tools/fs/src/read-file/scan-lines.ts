import { Buffer } from 'node:buffer';

/** Which lines to keep and how much of them. */
export interface LineWindow {
  /** First line to keep, 1-based. */
  startLine: number;
  /** Last line to keep (inclusive); `Infinity` for the rest of the file. */
  endLine: number;
  /** Lines kept at most. */
  maxLines: number;
  /** UTF-8 bytes kept at most (line contents plus the newlines between them). */
  maxBytes: number;
}

/** Why the scan kept no more lines before the end of the file (or the window). */
export type StopReason = 'lines' | 'bytes' | 'limit';

export interface ScannedLines {
  /** The kept lines, without their "\n" or "\r\n"; a UTF-8 BOM at the start of the file is dropped. */
  lines: string[];
  /** Lines in the whole file; a final newline ends the last line rather than starting one. */
  totalLines: number;
  /** Bytes in the whole file. */
  totalBytes: number;
  /** Bytes the kept lines take (contents plus the newlines between them). */
  keptBytes: number;
  /** Why lines in the window were left out, or null when the window was read to its end. */
  stoppedBy: StopReason | null;
  /** Set when the first line of the window alone is over `maxBytes`, so nothing was kept. */
  oversizedLine?: { line: number; bytes: number };
}

const NEWLINE = 0x0a;

function countNewlines(chunk: Uint8Array, from: number): number {
  let count = 0;
  for (let index = chunk.indexOf(NEWLINE, from); index !== -1; index = chunk.indexOf(NEWLINE, index + 1))
    count++;
  return count;
}

/**
 * Reads a file's lines from a stream of byte chunks, keeping only the lines of `window` within
 * its limits and counting the rest. Memory stays at one chunk plus the kept lines: lines outside
 * the window are never decoded, and a line too long to keep is measured, not stored.
 */
export async function scanLines(
  chunks: AsyncIterable<Uint8Array>,
  window: LineWindow,
): Promise<ScannedLines> {
  const decoder = new TextDecoder('utf-8');
  const lines: string[] = [];
  let keptBytes = 0;
  let stoppedBy: StopReason | null = null;
  let oversizedLine: ScannedLines['oversizedLine'];
  let lineNumber = 1;
  let lineBytes = 0;
  let pieces: Uint8Array[] = [];
  let collected = 0;
  let totalBytes = 0;
  let endsWithNewline = false;
  // A line is stored only up to one byte past the budget: enough to know it does not fit.
  const storeCap = window.maxBytes + 1;

  const finishLine = () => {
    if (lineNumber < window.startLine || stoppedBy !== null) return;
    if (lines.length >= window.maxLines) {
      stoppedBy = 'lines';
      return;
    }
    const cost = lineBytes + (lines.length > 0 ? 1 : 0);
    if (keptBytes + cost > window.maxBytes) {
      stoppedBy = 'bytes';
      if (lines.length === 0) oversizedLine = { line: lineNumber, bytes: lineBytes };
      return;
    }
    let text = decoder.decode(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (lineNumber === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    lines.push(text);
    keptBytes += cost;
    if (lineNumber >= window.endLine) stoppedBy = 'limit';
  };

  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    totalBytes += chunk.length;
    endsWithNewline = chunk[chunk.length - 1] === NEWLINE;
    if (stoppedBy !== null) {
      lineNumber += countNewlines(chunk, 0);
      continue;
    }
    let position = 0;
    // Lines before the window are only counted: no per-line work until the window starts.
    while (lineNumber < window.startLine) {
      const newline = chunk.indexOf(NEWLINE, position);
      if (newline === -1) {
        position = chunk.length;
        break;
      }
      lineNumber++;
      position = newline + 1;
    }
    while (position < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, position);
      const end = newline === -1 ? chunk.length : newline;
      if (lineNumber >= window.startLine && collected < storeCap) {
        const stop = Math.min(end, position + storeCap - collected);
        // A line running on into the next chunk is copied: the source may reuse its buffers.
        const piece = newline === -1 ? chunk.slice(position, stop) : chunk.subarray(position, stop);
        pieces.push(piece);
        collected += piece.length;
      }
      lineBytes += end - position;
      if (newline === -1) break;
      finishLine();
      lineNumber++;
      lineBytes = 0;
      if (pieces.length > 0) pieces = [];
      collected = 0;
      position = newline + 1;
      if (stoppedBy !== null) {
        lineNumber += countNewlines(chunk, position);
        break;
      }
    }
  }
  if (totalBytes > 0 && !endsWithNewline) finishLine();
  const totalLines = totalBytes === 0 ? 0 : endsWithNewline ? lineNumber - 1 : lineNumber;
  // Reaching the last requested line at the very end of the file left nothing out.
  if (stoppedBy === 'limit' && window.startLine + lines.length - 1 >= totalLines) stoppedBy = null;
  return oversizedLine
    ? { lines, totalLines, totalBytes, keptBytes, stoppedBy, oversizedLine }
    : { lines, totalLines, totalBytes, keptBytes, stoppedBy };
}
