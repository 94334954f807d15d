import { EnvironmentError, type EnvironmentErrorCode } from '@weft/agent-core';

/** What the failed operation was doing, so the message can say what to check. */
export type FileOperation = 'read' | 'write' | 'delete' | 'list' | 'stat' | 'mkdir';

/**
 * Turns a Node fs error into an EnvironmentError whose message a model can act on. Errors that
 * already are EnvironmentErrors pass through unchanged.
 */
export function toEnvironmentError(error: unknown, path: string, operation: FileOperation): EnvironmentError {
  if (error instanceof EnvironmentError) return error;
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  const [code, message] = describe(errno, path, operation, error);
  return new EnvironmentError(code, message, { path, cause: error });
}

function describe(
  errno: string | undefined,
  path: string,
  operation: FileOperation,
  error: unknown,
): [EnvironmentErrorCode, string] {
  switch (errno) {
    case 'ENOENT':
      return ['NOT_FOUND', operation === 'list' ? `Directory not found: ${path}` : `File not found: ${path}`];
    case 'EISDIR':
      return ['IS_DIRECTORY', `Path is a directory, not a file: ${path}`];
    case 'ENOTDIR':
      return operation === 'list'
        ? ['NOT_DIRECTORY', `Not a directory: ${path}`]
        : ['NOT_DIRECTORY', `A parent of ${path} is a file, not a directory`];
    case 'EACCES':
    case 'EPERM':
      return ['PERMISSION_DENIED', `Permission denied: ${path}`];
    case 'EEXIST':
      return ['ALREADY_EXISTS', `Already exists: ${path}`];
    case 'ELOOP':
      return ['IO_ERROR', `Too many levels of symbolic links: ${path}`];
    case 'ENOSPC':
      return ['IO_ERROR', `No space left on device while writing ${path}`];
    case 'EFBIG':
      return ['IO_ERROR', `File too large to write (the file size limit was reached): ${path}`];
    case 'EROFS':
      return ['PERMISSION_DENIED', `Read-only file system: ${path}`];
    default: {
      const detail = error instanceof Error ? error.message : String(error);
      return ['IO_ERROR', `Could not ${operation} ${path}: ${detail}`];
    }
  }
}
