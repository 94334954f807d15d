import { unlink } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * The spill files an environment's commands wrote. They outlive the command (the model may read
 * one with a later tool call) and are deleted by the environment's cleanup().
 */
export class SpillFiles {
  readonly directory: string;
  private readonly paths = new Set<string>();

  constructor(directory: string) {
    this.directory = resolve(directory);
  }

  remember(path: string): void {
    this.paths.add(path);
  }

  async removeAll(): Promise<void> {
    const paths = [...this.paths];
    this.paths.clear();
    await Promise.all(paths.map((path) => unlink(path).catch(() => undefined)));
  }
}
