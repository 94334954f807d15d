import { mkdir, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import { FileAccessError, type PatchFileAccess } from '../apply/file-access.js';
import { describeNodeError } from '../apply/os-error-text.js';
import { writeFileAtomic } from './atomic-write.js';

/**
 * PatchFileAccess over node:fs, for the standalone command. Relative paths are appended to the
 * working directory without normalising `.` or `..`, as codex's `Path::join` does, so error
 * messages name the same path codex would.
 */
export class NodeFileAccess implements PatchFileAccess {
  constructor(private readonly cwd: string) {}

  resolve(path: string): string {
    if (isAbsolute(path)) return path;
    return this.cwd.endsWith('/') ? `${this.cwd}${path}` : `${this.cwd}/${path}`;
  }

  async read(absolutePath: string): Promise<Uint8Array> {
    try {
      return await readFile(absolutePath);
    } catch (error) {
      throw toFileAccessError(error);
    }
  }

  async write(absolutePath: string, content: string): Promise<void> {
    try {
      await mkdir(dirname(absolutePath), { recursive: true });
    } catch (error) {
      throw toFileAccessError(error, 'create-parents');
    }
    try {
      await writeFileAtomic(absolutePath, content);
    } catch (error) {
      throw toFileAccessError(error, 'write');
    }
  }

  async delete(absolutePath: string): Promise<void> {
    try {
      await unlink(absolutePath);
    } catch (error) {
      throw toFileAccessError(error);
    }
  }

  async exists(absolutePath: string): Promise<boolean> {
    return stat(absolutePath).then(
      () => true,
      () => false,
    );
  }
}

function toFileAccessError(error: unknown, stage?: 'create-parents' | 'write'): FileAccessError {
  const { code, text } = describeNodeError(error);
  return new FileAccessError(code, text, stage === undefined ? { cause: error } : { stage, cause: error });
}
