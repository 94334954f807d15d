import { posix } from 'node:path';
import { FileAccessError, type PatchFileAccess } from '../apply/file-access.js';
import { osErrorText } from '../apply/os-error-text.js';
import type { EnvironmentFiles } from './environment-files.js';

/** The final state of one path after a staged patch: new content, or deleted. */
export interface StagedOperation {
  path: string;
  content: string | null;
}

const encoder = new TextEncoder();

/**
 * A PatchFileAccess that reads through to the environment but keeps every write and delete in
 * memory, so a whole patch can be applied (and so verified) without changing anything. Each
 * write and delete is checked as the real one would be (write policy, folders in the way,
 * missing files), so a staged patch that succeeds can be committed.
 */
export class StagedFiles implements PatchFileAccess {
  private readonly staged = new Map<string, string | null>();
  /** Folders that writing the staged files will create. */
  private readonly createdFolders = new Set<string>();
  /** Order of the last operation on each path, so the commit replays them in a working order. */
  private readonly order = new Map<string, number>();
  private counter = 0;
  /** What reads found in the environment, so the commit need not read those files again. */
  private readonly originals = new Map<string, Uint8Array>();

  constructor(private readonly base: EnvironmentFiles) {}

  resolve(path: string): string {
    return this.base.resolve(path);
  }

  async read(absolutePath: string): Promise<Uint8Array> {
    const content = this.staged.get(absolutePath);
    if (typeof content === 'string') return encoder.encode(content);
    if (this.createdFolders.has(absolutePath)) throw isDirectory();
    if (content === null) throw notFound();
    const bytes = await this.base.read(absolutePath);
    this.originals.set(absolutePath, bytes);
    return bytes;
  }

  async write(absolutePath: string, content: string): Promise<void> {
    this.base.checkWritable(absolutePath);
    if (!this.staged.has(absolutePath) || this.staged.get(absolutePath) === null) {
      if (this.createdFolders.has(absolutePath) || (await this.baseType(absolutePath)) === 'directory') {
        throw new FileAccessError('IS_DIRECTORY', osErrorText('IS_DIRECTORY') as string, { stage: 'write' });
      }
    }
    await this.checkParents(absolutePath);
    this.record(absolutePath, content);
    for (
      let folder = posix.dirname(absolutePath);
      folder !== posix.dirname(folder);
      folder = posix.dirname(folder)
    ) {
      this.createdFolders.add(folder);
    }
  }

  async delete(absolutePath: string): Promise<void> {
    if (this.staged.has(absolutePath)) {
      // Staged content passed the write checks when it was staged.
      if (this.staged.get(absolutePath) === null) throw notFound();
    } else {
      if (this.createdFolders.has(absolutePath)) throw isDirectory();
      const stat = await this.base.stat(absolutePath);
      if (stat === undefined) throw notFound();
      if (stat.type === 'directory') throw isDirectory();
      // Deleting a link removes the link, not its target: only the link's folder must be writable.
      this.base.checkWritable(stat.isSymbolicLink ? posix.dirname(absolutePath) : absolutePath);
    }
    this.record(absolutePath, null);
  }

  async exists(absolutePath: string): Promise<boolean> {
    if (this.staged.has(absolutePath)) return this.staged.get(absolutePath) !== null;
    if (this.createdFolders.has(absolutePath)) return true;
    return this.base.exists(absolutePath);
  }

  /** The paths to change, each with its final state, in an order that can be replayed. */
  operations(): StagedOperation[] {
    return [...this.staged.entries()]
      .sort(([a], [b]) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0))
      .map(([path, content]) => ({ path, content }));
  }

  /** The environment's content of every file this overlay read, by path. */
  originalContents(): ReadonlyMap<string, Uint8Array> {
    return this.originals;
  }

  private record(absolutePath: string, content: string | null): void {
    this.staged.set(absolutePath, content);
    this.order.set(absolutePath, this.counter++);
  }

  /** A parent that is (or will be) a file makes the write fail, as creating the folders would. */
  private async checkParents(absolutePath: string): Promise<void> {
    for (
      let folder = posix.dirname(absolutePath);
      folder !== posix.dirname(folder);
      folder = posix.dirname(folder)
    ) {
      if (this.createdFolders.has(folder)) return;
      if (this.staged.has(folder)) {
        if (this.staged.get(folder) !== null) throw notADirectory();
        continue;
      }
      const type = await this.baseType(folder);
      if (type === 'directory') return;
      if (type !== undefined) throw notADirectory();
    }
  }

  private async baseType(absolutePath: string): Promise<'file' | 'directory' | 'other' | undefined> {
    try {
      return (await this.base.stat(absolutePath))?.type;
    } catch (error) {
      // A file where a folder should be: nothing can exist below it, and checkParents reports it.
      if (error instanceof FileAccessError && error.code === 'NOT_DIRECTORY') return undefined;
      throw error;
    }
  }
}

function notFound(): FileAccessError {
  return new FileAccessError('NOT_FOUND', osErrorText('NOT_FOUND') as string);
}

function isDirectory(): FileAccessError {
  return new FileAccessError('IS_DIRECTORY', osErrorText('IS_DIRECTORY') as string);
}

function notADirectory(): FileAccessError {
  return new FileAccessError('NOT_DIRECTORY', osErrorText('NOT_DIRECTORY') as string, {
    stage: 'create-parents',
  });
}
