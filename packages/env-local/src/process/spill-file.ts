import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Bytes that may wait in memory for the disk. Writes run on libuv's thread pool, in parallel with
 * reading the command's output; past this much queued the sources are paused.
 */
const SPILL_BUFFER_BYTES = 8 * 1024 * 1024;

/**
 * A temp file that receives the whole output of a command once it outgrows the spill threshold.
 * Writes are asynchronous; `write` returns false when the caller should pause its sources until
 * `onDrain` fires, so a fast producer cannot pile output up in memory. A write error (a full
 * disk) stops spilling and deletes the partial file rather than failing the command.
 */
export class SpillFile {
  readonly path: string;
  private readonly stream: WriteStream;
  private failed = false;

  constructor(directory: string) {
    this.path = join(directory, `weft-output-${randomBytes(8).toString('hex')}.log`);
    this.stream = createWriteStream(this.path, {
      flags: 'wx',
      mode: 0o600,
      highWaterMark: SPILL_BUFFER_BYTES,
    });
    this.stream.on('error', () => {
      this.failed = true;
    });
  }

  /** False when the write buffer is full: pause the sources until `onDrain`. */
  write(bytes: Buffer): boolean {
    if (this.failed) return true;
    return this.stream.write(bytes);
  }

  onDrain(listener: () => void): void {
    this.stream.once('drain', listener);
  }

  /** Closes the file; resolves to its path, or undefined when spilling failed (file removed). */
  async close(): Promise<string | undefined> {
    if (!this.failed) {
      await new Promise<void>((resolve) => {
        this.stream.end(() => resolve());
        this.stream.once('error', () => resolve());
      });
    }
    if (this.failed) {
      this.stream.destroy();
      await unlink(this.path).catch(() => undefined);
      return undefined;
    }
    return this.path;
  }
}
