import { type ExecutionEnvironment, utf8ByteLength } from '@weft/agent-core';
import { adviseOnEnvironmentError, fsErrors } from '../shared/fs-errors.js';
import { withPathLock } from '../shared/path-lock.js';

export interface WriteFileOptions {
  /** The file, absolute or relative to the working directory; `~` is expanded. */
  path: string;
  /** The whole new content, written as UTF-8. */
  content: string;
}

export interface WriteFileResult {
  path: string;
  absolutePath: string;
  /** UTF-8 bytes written. */
  bytes: number;
  /** True when the file did not exist before. */
  created: boolean;
}

/**
 * Writes a whole file: missing parent folders are created and an existing file is replaced
 * atomically (a reader sees the old or the new content, never a mix), keeping its mode. Subject
 * to the environment's write policy. Serialised with edits of the same file.
 */
export async function writeFile(
  env: ExecutionEnvironment,
  options: WriteFileOptions,
): Promise<WriteFileResult> {
  const { path, content } = options;
  const absolutePath = env.resolvePath(path, 'write');
  return withPathLock(env, absolutePath, async () => {
    try {
      const before = await env.stat(absolutePath);
      if (before?.type === 'directory') throw fsErrors.isDirectory(path);
      await env.writeFile(absolutePath, content);
      return { path, absolutePath, bytes: utf8ByteLength(content), created: before === undefined };
    } catch (error) {
      adviseOnEnvironmentError(error, path, 'write', env.workingDirectory);
    }
  });
}
