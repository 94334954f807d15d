import { lstat, stat } from 'node:fs/promises';
import type { FileStat } from '@weft/agent-core';
import { toEnvironmentError } from '../errors/fs-error.js';

/**
 * Facts about a path with symlinks followed; `undefined` when nothing is there, including a
 * symlink whose target is missing (the same answer a shell's `test -e` gives).
 */
export async function statPath(path: string): Promise<FileStat | undefined> {
  try {
    const link = await lstat(path);
    const target = link.isSymbolicLink() ? await stat(path) : link;
    const type = target.isFile() ? 'file' : target.isDirectory() ? 'directory' : 'other';
    return {
      type,
      size: type === 'directory' ? 0 : target.size,
      mtimeMs: target.mtimeMs,
      isSymbolicLink: link.isSymbolicLink(),
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw toEnvironmentError(error, path, 'stat');
  }
}
