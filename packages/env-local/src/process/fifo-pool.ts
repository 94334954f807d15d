import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** FIFOs made per `mkfifo` run: one run serves this many / 2 commands. */
const BATCH = 32;

/** Folders of every pool in this process, removed if Node exits before the pools are disposed. */
const liveFolders = new Set<string>();
let hooked = false;
function trackFolder(folder: string): void {
  liveFolders.add(folder);
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const path of liveFolders) rmSync(path, { recursive: true, force: true });
  });
}

/**
 * Named pipes (FIFOs) for commands' stdout and stderr, made in batches by one `mkfifo` run in a
 * private folder (mode 0700). Each is opened once and unlinked at once, after which it is an
 * anonymous pipe nobody else can open. Reading a FIFO we opened ourselves lets Node read into one
 * reused buffer (net.Socket's `onread`), where the pipes child_process makes allocate a new buffer
 * for every read: at hundreds of megabytes that allocation, and its garbage collection, costs more
 * than moving the bytes. When FIFOs cannot be made (no mkfifo, a file system without them),
 * `take` answers undefined and the caller uses ordinary pipes.
 */
export class FifoPool {
  private folder: string | undefined;
  private readonly spare: string[] = [];
  private refilling: Promise<void> | undefined;
  private unavailable = false;

  constructor(private readonly parent: string) {}

  /** A FIFO path no one has opened yet, or undefined when FIFOs are unavailable. */
  async take(): Promise<string | undefined> {
    while (this.spare.length === 0 && !this.unavailable) {
      this.refilling ??= this.refill().finally(() => {
        this.refilling = undefined;
      });
      await this.refilling;
    }
    return this.spare.pop();
  }

  /** Removes the folder and any FIFO not taken. */
  dispose(): void {
    if (this.folder) {
      rmSync(this.folder, { recursive: true, force: true });
      liveFolders.delete(this.folder);
    }
    this.folder = undefined;
    this.spare.length = 0;
  }

  private async refill(): Promise<void> {
    try {
      if (!this.folder) {
        this.folder = mkdtempSync(join(this.parent, 'weft-fifo-'));
        trackFolder(this.folder);
      }
      const folder = this.folder;
      const prefix = randomBytes(4).toString('hex');
      const paths = Array.from({ length: BATCH }, (_, index) => join(folder, `${prefix}-${index}`));
      await new Promise<void>((resolve, reject) => {
        execFile('mkfifo', ['-m', '600', ...paths], (error) => (error ? reject(error) : resolve()));
      });
      this.spare.push(...paths);
    } catch {
      this.unavailable = true;
    }
  }
}
