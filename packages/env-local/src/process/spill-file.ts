import { randomBytes } from 'node:crypto';
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A temp file that receives the whole output of a command once it outgrows the spill threshold.
 * Writes are synchronous on purpose: each piece is in the page cache before the next is read, so
 * nothing queues in memory however fast the command prints, and the reader may reuse its buffer.
 * (Measured against batched writes on libuv's thread pool, this was faster here: the copies and
 * bookkeeping cost more than the overlap saved.) A write error (a full disk) stops spilling and
 * deletes the partial file rather than failing the command.
 */
export class SpillFile {
  readonly path: string;
  private fd: number | undefined;

  constructor(directory: string) {
    this.path = join(directory, `weft-output-${randomBytes(8).toString('hex')}.log`);
    try {
      this.fd = openSync(this.path, 'wx', 0o600);
    } catch {
      this.fd = undefined;
    }
  }

  write(bytes: Uint8Array): void {
    if (this.fd === undefined) return;
    try {
      let written = 0;
      while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written);
    } catch {
      this.fail();
    }
  }

  /** Closes the file; returns its path, or undefined when spilling failed (file removed). */
  close(): string | undefined {
    if (this.fd === undefined) return undefined;
    closeSync(this.fd);
    this.fd = undefined;
    return this.path;
  }

  private fail(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    try {
      unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}
