import { posix } from 'node:path';
import { type ExecutionEnvironment, type FileStat, isEnvironmentError } from '@weft/agent-core';
import { FileAccessError, type FileAccessErrorCode, type PatchFileAccess } from '../apply/file-access.js';
import { osErrorText } from '../apply/os-error-text.js';

/**
 * PatchFileAccess over an ExecutionEnvironment. Relative patch paths resolve against `baseDir`
 * (a `cd` folder from a shell invocation) or else the environment's working directory; the
 * environment's own rules apply on top (`~` expansion, the write path policy).
 */
export class EnvironmentFiles implements PatchFileAccess {
  constructor(
    private readonly env: ExecutionEnvironment,
    private readonly baseDir?: string,
  ) {}

  resolve(path: string): string {
    const joined =
      this.baseDir === undefined || posix.isAbsolute(path) || path.startsWith('~')
        ? path
        : posix.join(this.baseDir, path);
    return this.guard(() => this.env.resolvePath(joined, 'read'));
  }

  async read(absolutePath: string): Promise<Uint8Array> {
    return this.guardAsync(() => this.env.readFile(absolutePath));
  }

  async write(absolutePath: string, content: string | Uint8Array): Promise<void> {
    return this.guardAsync(() => this.env.writeFile(absolutePath, content), 'write');
  }

  async delete(absolutePath: string): Promise<void> {
    return this.guardAsync(() => this.env.deleteFile(absolutePath));
  }

  async exists(absolutePath: string): Promise<boolean> {
    return this.guardAsync(() => this.env.fileExists(absolutePath));
  }

  async stat(absolutePath: string): Promise<FileStat | undefined> {
    return this.guardAsync(() => this.env.stat(absolutePath));
  }

  /** Throws OUTSIDE_ALLOWED_ROOTS (with the environment's explanation) when the policy forbids writing here. */
  checkWritable(absolutePath: string): void {
    this.guard(() => this.env.resolvePath(absolutePath, 'write'));
  }

  private guard<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      throw toFileAccessError(error);
    }
  }

  private async guardAsync<T>(operation: () => Promise<T>, stage?: 'write'): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw toFileAccessError(error, stage);
    }
  }
}

const CODES: Partial<Record<string, FileAccessErrorCode>> = {
  NOT_FOUND: 'NOT_FOUND',
  IS_DIRECTORY: 'IS_DIRECTORY',
  NOT_DIRECTORY: 'NOT_DIRECTORY',
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  OUTSIDE_ALLOWED_ROOTS: 'OUTSIDE_ALLOWED_ROOTS',
};

/**
 * Environment errors become FileAccessErrors worded like the OS errors codex prints ("No such
 * file or directory (os error 2)"), except policy refusals, which keep the environment's
 * explanation of where writes are allowed.
 */
export function toFileAccessError(error: unknown, stage?: 'create-parents' | 'write'): FileAccessError {
  if (error instanceof FileAccessError) return error;
  const options = stage === undefined ? { cause: error } : { stage, cause: error };
  if (isEnvironmentError(error)) {
    const code = CODES[error.code] ?? 'IO_ERROR';
    const text = code === 'OUTSIDE_ALLOWED_ROOTS' ? error.message : (osErrorText(code) ?? error.message);
    return new FileAccessError(code, text, options);
  }
  return new FileAccessError('IO_ERROR', error instanceof Error ? error.message : String(error), options);
}
