import { Buffer } from 'node:buffer';

/** Bytes `text` takes in UTF-8 (lone surrogates count as the 3 bytes of U+FFFD they encode to). */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Bytes of the UTF-8 encoding of one code point. */
function codePointBytes(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`. Never ends inside a
 * character: a character that would not fit whole is left out, so the result may be a few bytes
 * short of `maxBytes`.
 */
export function sliceUtf8Head(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  // Every UTF-16 code unit encodes to at most 3 bytes, so short-enough text needs no walk.
  if (text.length * 3 <= maxBytes || utf8ByteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const codePoint = text.codePointAt(index)!;
    const size = codePointBytes(codePoint);
    if (bytes + size > maxBytes) break;
    bytes += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return text.slice(0, index);
}

/**
 * The longest suffix of `text` whose UTF-8 encoding fits in `maxBytes`. Never starts inside a
 * character: when the cut would fall in the middle of one, it moves forward to the next
 * character's start, so the result may be a few bytes short of `maxBytes`.
 */
export function sliceUtf8Tail(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  if (text.length * 3 <= maxBytes || utf8ByteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let index = text.length;
  while (index > 0) {
    const unit = text.charCodeAt(index - 1);
    const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
    const isPair = unit >= 0xdc00 && unit <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
    const size = isPair ? 4 : codePointBytes(unit);
    if (bytes + size > maxBytes) break;
    bytes += size;
    index -= isPair ? 2 : 1;
  }
  return text.slice(index);
}

/** True for a UTF-8 continuation byte (10xxxxxx), which never starts a character. */
function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/**
 * Moves `index` forward to the start of a character, so `bytes.subarray(index)` does not begin
 * with the tail of a character cut in half. At most 3 bytes are skipped.
 */
export function alignUtf8Start(bytes: Uint8Array, index: number): number {
  let position = Math.max(0, Math.min(index, bytes.length));
  for (let skipped = 0; skipped < 3 && isContinuationByte(bytes[position]); skipped++) position++;
  return position;
}

/**
 * Moves `index` back to the start of a character, so `bytes.subarray(0, index)` does not end
 * with the head of a character cut in half. Whole characters before `index` are kept.
 */
export function alignUtf8End(bytes: Uint8Array, index: number): number {
  const end = Math.max(0, Math.min(index, bytes.length));
  if (end === bytes.length) return end;
  let start = end;
  for (let steps = 0; steps < 3 && start > 0 && isContinuationByte(bytes[start]); steps++) start--;
  // `start` is now the lead byte of the character that `end` falls in (or `end` itself).
  return isContinuationByte(bytes[start]) ? end : start;
}

/** A byte count the way truncation notices show it: 512B, 50.0KB, 1.5MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)}GB`;
}
