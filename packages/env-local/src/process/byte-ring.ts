import { nextCharStart } from './utf8-aligner.js';

/**
 * The last `capacity` bytes of a stream of character-aligned pieces (see Utf8Aligner), held in
 * one fixed buffer: pushing copies the bytes in, so the caller may reuse its buffer, and memory
 * never grows however much is pushed.
 */
export class ByteRing {
  private readonly buffer: Buffer;
  /** Where the next byte goes. */
  private position = 0;
  private total = 0;

  constructor(readonly capacity: number) {
    this.buffer = Buffer.alloc(capacity);
  }

  push(bytes: Uint8Array): void {
    this.total += bytes.length;
    if (this.capacity === 0) return;
    let source = bytes;
    if (source.length >= this.capacity) {
      source = source.subarray(source.length - this.capacity);
      this.position = 0;
    }
    const first = Math.min(source.length, this.capacity - this.position);
    this.buffer.set(source.subarray(0, first), this.position);
    this.buffer.set(source.subarray(first), 0);
    this.position = (this.position + source.length) % this.capacity;
  }

  /** True once more than `capacity` bytes were pushed, so some were dropped. */
  get truncated(): boolean {
    return this.total > this.capacity;
  }

  /** The held bytes, oldest first (a copy). */
  bytes(): Buffer {
    if (!this.truncated) return Buffer.from(this.buffer.subarray(0, this.total));
    return Buffer.concat([this.buffer.subarray(this.position), this.buffer.subarray(0, this.position)]);
  }

  /** The held bytes as text, starting on a character boundary when the start was dropped. */
  text(): string {
    const held = this.bytes();
    return held.toString('utf8', this.truncated ? nextCharStart(held, 0) : 0);
  }
}
