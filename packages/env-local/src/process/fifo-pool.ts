import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, mkdtempSync, openSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** FIFOs made per `mkfifo` run: one run serves this many / 2 commands. */
const BATCH = 16;

/** Both ends of a named pipe whose name is already gone: an anonymous pipe we made ourselves. */
export interface OpenFifo {
  /** Opened non-blocking, for Node to read. */
  readFd: number;
  /** Opened blocking, as a child expects of its stdout. */
  writeFd: number;
}

/**
 * Pipes for commands' stdout and stderr, made as FIFOs in batches by one `mkfifo` run in a
 * private temp folder, opened at once (read end first and non-blocking, so opening the write end
 * does not wait), then unlinked with their folder: nothing is left on disk, and the spare pipes
 * are just open descriptors that die with the process.
 *
 * Why not the pipes child_process makes: Node reads those into a new buffer for every read, and
 * at hundreds of megabytes that allocation and its garbage collection cost more than moving the
 * bytes. A pipe whose read end we opened ourselves can be read into one reused buffer
 * (net.Socket's `onread`). When FIFOs cannot be made (no mkfifo, a file system without them),
 * `take` answers undefined and the caller uses ordinary pipes.
 *
 * The pool's first command gets ordinary pipes and runs no `mkfifo`: it starts at once, and an
 * environment that runs a single short command (a session's git snapshot, say) never pays for a
 * process that makes FIFOs. The first batch is made for the second command.
 */
export class FifoPool {
  private readonly spare: OpenFifo[] = [];
  private refilling: Promise<void> | undefined;
  private unavailable = false;
  private servedFirst = false;
  /** Counts dispose() calls: a batch finished after one is closed, not kept. */
  private disposals = 0;

  constructor(private readonly parent: string) {}

  /**
   * A command's stdout and stderr pipes, or undefined for ordinary pipes: for the pool's first
   * command, and when FIFOs are unavailable here.
   */
  async takePair(): Promise<[OpenFifo, OpenFifo] | undefined> {
    if (!this.servedFirst) {
      this.servedFirst = true;
      return undefined;
    }
    const stdout = await this.take();
    const stderr = await this.take();
    if (stdout && stderr) return [stdout, stderr];
    for (const fifo of [stdout, stderr]) if (fifo) closeFifo(fifo);
    return undefined;
  }

  /** An unused pipe (made now if none is spare), or undefined when FIFOs are unavailable here. */
  async take(): Promise<OpenFifo | undefined> {
    while (this.spare.length === 0 && !this.unavailable) await this.startRefill();
    return this.spare.pop();
  }

  /** Closes the spare pipes. The pool stays usable and makes new ones when asked. */
  dispose(): void {
    this.disposals++;
    for (const fifo of this.spare.splice(0)) closeFifo(fifo);
  }

  private startRefill(): Promise<void> {
    this.refilling ??= this.refill().finally(() => {
      this.refilling = undefined;
    });
    return this.refilling;
  }

  private async refill(): Promise<void> {
    let folder: string | undefined;
    const opened: OpenFifo[] = [];
    const disposals = this.disposals;
    try {
      folder = mkdtempSync(join(this.parent, 'weft-fifo-'));
      const prefix = randomBytes(4).toString('hex');
      const paths = Array.from({ length: BATCH }, (_, index) => join(folder!, `${prefix}-${index}`));
      await new Promise<void>((resolve, reject) => {
        execFile('mkfifo', ['-m', '600', ...paths], (error) => (error ? reject(error) : resolve()));
      });
      for (const path of paths) {
        const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
        const writeFd = openSync(path, constants.O_WRONLY);
        opened.push({ readFd, writeFd });
        unlinkSync(path);
      }
      rmdirSync(folder);
      folder = undefined;
      if (this.disposals === disposals) this.spare.push(...opened);
      else for (const fifo of opened.splice(0)) closeFifo(fifo);
    } catch {
      // No mkfifo, no FIFOs on this file system, or out of descriptors: use ordinary pipes.
      for (const fifo of opened) closeFifo(fifo);
      this.unavailable = true;
    } finally {
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  }
}

function closeFifo(fifo: OpenFifo): void {
  closeQuietly(fifo.readFd);
  closeQuietly(fifo.writeFd);
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
