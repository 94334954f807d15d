import { FileAccessError } from '../apply/file-access.js';

// ignoreBOM keeps a leading U+FEFF in the text, so the file's BOM can be written back.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes a file as UTF-8, refusing anything else rather than corrupting it on write-back. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (error) {
    throw new FileAccessError('INVALID_UTF8', 'stream did not contain valid UTF-8', { cause: error });
  }
}
