/** Image formats read_file returns as image parts, recognised by their first bytes. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Bytes to read from the start of a file to tell what it holds. */
export const SNIFF_BYTES = 8192;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

/**
 * The image format whose signature `head` starts with, or undefined. The extension is never
 * consulted: a PNG named notes.txt is an image, and text named logo.png is text.
 */
export function detectImage(head: Uint8Array): ImageMediaType | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  ) {
    return 'image/gif';
  }
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}

/**
 * True when `head` (the first bytes of a file) looks binary: it holds a NUL byte, which text in
 * UTF-8 or any ASCII-compatible encoding never does (the heuristic git and grep use).
 */
export function looksBinary(head: Uint8Array): boolean {
  return head.indexOf(0) !== -1;
}
