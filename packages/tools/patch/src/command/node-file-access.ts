import { mkdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { FileAccessError, type PatchFileAccess } from '../apply/file-access.js';
import { describeNodeError } from '../apply/os-error-text.js';
import { writeFileAtomic } from './atomic-write.js';

/**
 * PatchFileAccess over node:fs, for the standalone command. Relative paths are appended to the
 * working directory without normalising `.` or `..`, as codex's `Path::join` does, so error
 * messages name the same path codex would.
 *
 * It uses synchronous file calls, which is what a one-shot command wants (a patch across a
 * thousand files would otherwise spend most of its time in thread-pool round trips). In a
 * long-running host, apply patches with the tool through an ExecutionEnvironment instead.
 */
export class NodeFileAccess implements PatchFileAccess {
  constructor(private readonly cwd: string) {}

  resolve(path: string): string {
    if (isAbsolute(path)) return path;
    return this.cwd.endsWith('/') ? `${this.cwd}${path}` : `${this.cwd}/${path}`;
  }

  async read(absolutePath: string): Promise<Uint8Array> {
    try {
      return readFileSync(absolutePath);
    } catch (error) {
      throw toFileAccessError(error);
    }
  }

  async write(absolutePath: string, content: string): Promise<void> {
    try {
      mkdirSync(dirname(absolutePath), { recursive: true });
    } catch (error) {
      throw toFileAccessError(error, 'create-parents');
    }
    try {
      writeFileAtomic(absolutePath, content);
    } catch (error) {
      throw toFileAccessError(error, 'write');
    }
  }

  async delete(absolutePath: string): Promise<void> {
    try {
      unlinkSync(absolutePath);
    } catch (error) {
      throw toFileAccessError(error);
    }
  }

  async exists(absolutePath: string): Promise<boolean> {
    try {
      return statSync(absolutePath, { throwIfNoEntry: false }) !== undefined;
    } catch {
      return false;
    }
  }
}

function toFileAccessError(error: unknown, stage?: 'create-parents' | 'write'): FileAccessError {
  const { code, text } = describeNodeError(error);
  return new FileAccessError(code, text, stage === undefined ? { cause: error } : { stage, cause: error });
}
