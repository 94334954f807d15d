import { lstat, unlink } from 'node:fs/promises';
import { EnvironmentError } from '@weft/agent-core';
import { toEnvironmentError } from '../errors/fs-error.js';

/** Deletes a file or a symbolic link (never its target); folders are refused. */
export async function deleteFile(path: string, displayPath = path): Promise<void> {
  try {
    const info = await lstat(path);
    if (info.isDirectory()) {
      throw new EnvironmentError(
        'IS_DIRECTORY',
        `Path is a directory, not a file: ${displayPath}. Only files can be deleted this way.`,
        { path: displayPath },
      );
    }
    await unlink(path);
  } catch (error) {
    throw toEnvironmentError(error, displayPath, 'delete');
  }
}
