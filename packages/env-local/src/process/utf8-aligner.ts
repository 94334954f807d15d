/**
 * Cuts a byte stream into pieces that end on UTF-8 character boundaries: the bytes of a character
 * split across two reads are held back and prepended to the next read. Each piece therefore
 * decodes on its own without damaging a character. Bytes that are not valid UTF-8 pass through
 * unchanged (decoders turn them into U+FFFD).
 */
export class Utf8Aligner {
  private carry: Buffer | undefined;

  /**
   * Returns the complete characters of `carry + chunk` and keeps (a copy of) any unfinished one.
   * The result may be a view of `chunk`.
   */
  push(chunk: Uint8Array): Uint8Array {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const cut = completeLength(bytes);
    this.carry = cut < bytes.length ? Buffer.from(bytes.subarray(cut)) : undefined;
    return cut === bytes.length ? bytes : bytes.subarray(0, cut);
  }

  /** The held-back bytes of a character the stream never finished (empty when none). */
  flush(): Buffer {
    const rest = this.carry ?? Buffer.alloc(0);
    this.carry = undefined;
    return rest;
  }
}

/** Length of the longest prefix of `bytes` that does not end inside a multi-byte character. */
export function completeLength(bytes: Uint8Array): number {
  const length = bytes.length;
  // A character is at most 4 bytes, so only the last 3 can start an unfinished one.
  for (let back = 1; back <= Math.min(3, length); back++) {
    const byte = bytes[length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? length - back : length;
  }
  return length;
}

/** Index of the first byte at or after `start` that begins a character (skips continuation bytes). */
export function nextCharStart(bytes: Uint8Array, start: number): number {
  let index = start;
  while (index < bytes.length && index - start < 3 && (bytes[index]! & 0xc0) === 0x80) index++;
  return index;
}
