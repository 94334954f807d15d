import { nextCharStart } from './utf8-aligner.js';

/** Small pieces are merged so a stream of tiny writes does not become a long list of objects. */
const MERGE_BELOW = 4 * 1024;

interface Piece<Tag> {
  tag: Tag;
  bytes: Buffer;
}

const DROPPED: Piece<unknown> = { tag: undefined, bytes: Buffer.alloc(0) };

/**
 * Keeps the most recent `maxBytes` of a byte stream made of character-aligned pieces (see
 * Utf8Aligner), each tagged with the stream it came from. Older pieces are dropped whole as new
 * ones arrive; the text is cut to exactly `maxBytes` (on a character boundary) only when read.
 */
export class RollingWindow<Tag = undefined> {
  private pieces: Piece<Tag>[] = [];
  private head = 0;
  private bytes = 0;
  private droppedAny = false;

  constructor(private readonly maxBytes: number) {}

  push(bytes: Buffer, tag: Tag): void {
    if (bytes.length === 0) return;
    const last = this.pieces[this.pieces.length - 1];
    if (
      last &&
      this.pieces.length > this.head &&
      last.tag === tag &&
      last.bytes.length + bytes.length <= MERGE_BELOW
    ) {
      last.bytes = Buffer.concat([last.bytes, bytes]);
    } else {
      this.pieces.push({ tag, bytes });
    }
    this.bytes += bytes.length;
    while (this.bytes - this.first().bytes.length >= this.maxBytes && this.pieces.length - this.head > 1) {
      this.bytes -= this.first().bytes.length;
      // Let go of the dropped bytes now; the array itself is compacted only now and then.
      this.pieces[this.head] = DROPPED as Piece<Tag>;
      this.head++;
      this.droppedAny = true;
    }
    // Compact the array now and then instead of shifting on every drop.
    if (this.head > 1024 && this.head * 2 > this.pieces.length) {
      this.pieces = this.pieces.slice(this.head);
      this.head = 0;
    }
  }

  /** Every piece still held, oldest first (for back-filling a spill file). */
  *held(): Iterable<{ tag: Tag; bytes: Buffer }> {
    for (let index = this.head; index < this.pieces.length; index++) yield this.pieces[index]!;
  }

  /** True when bytes were dropped, now or when the text is cut to `maxBytes`. */
  get truncated(): boolean {
    return this.droppedAny || this.bytes > this.maxBytes;
  }

  /** The held text, at most `maxBytes` bytes of it, starting on a character boundary. */
  text(): string {
    let excess = Math.max(0, this.bytes - this.maxBytes);
    let result = '';
    for (let index = this.head; index < this.pieces.length; index++) {
      const piece = this.pieces[index]!.bytes;
      if (excess > 0) {
        const start = nextCharStart(piece, excess);
        excess = 0;
        result += piece.toString('utf8', start);
      } else {
        result += piece.toString('utf8');
      }
    }
    return result;
  }

  private first(): Piece<Tag> {
    return this.pieces[this.head]!;
  }
}
