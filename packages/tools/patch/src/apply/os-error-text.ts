import type { FileAccessErrorCode } from './file-access.js';

/**
 * How Rust's `std::io::Error` prints common errors on Linux (the strerror text and errno).
 * Codex appends these to some of its messages; we reproduce them so the model sees the same words.
 */
const BY_CODE: Partial<Record<FileAccessErrorCode, string>> = {
  NOT_FOUND: 'No such file or directory (os error 2)',
  PERMISSION_DENIED: 'Permission denied (os error 13)',
  NOT_DIRECTORY: 'Not a directory (os error 20)',
  IS_DIRECTORY: 'Is a directory (os error 21)',
  INVALID_UTF8: 'stream did not contain valid UTF-8',
};

const BY_NODE_CODE: Record<string, [FileAccessErrorCode, string]> = {
  ENOENT: ['NOT_FOUND', BY_CODE.NOT_FOUND as string],
  EACCES: ['PERMISSION_DENIED', BY_CODE.PERMISSION_DENIED as string],
  EPERM: ['PERMISSION_DENIED', 'Operation not permitted (os error 1)'],
  ENOTDIR: ['NOT_DIRECTORY', BY_CODE.NOT_DIRECTORY as string],
  EISDIR: ['IS_DIRECTORY', BY_CODE.IS_DIRECTORY as string],
  EEXIST: ['IO_ERROR', 'File exists (os error 17)'],
  ENOSPC: ['IO_ERROR', 'No space left on device (os error 28)'],
  EROFS: ['IO_ERROR', 'Read-only file system (os error 30)'],
  ENAMETOOLONG: ['IO_ERROR', 'File name too long (os error 36)'],
  ELOOP: ['IO_ERROR', 'Too many levels of symbolic links (os error 40)'],
};

/** The OS-style text for an error code, when we know one. */
export function osErrorText(code: FileAccessErrorCode): string | undefined {
  return BY_CODE[code];
}

/** Classifies a Node.js system error (`err.code` such as 'ENOENT') and words it like Rust would. */
export function describeNodeError(error: unknown): { code: FileAccessErrorCode; text: string } {
  const nodeCode = (error as { code?: unknown } | null)?.code;
  const known = typeof nodeCode === 'string' ? BY_NODE_CODE[nodeCode] : undefined;
  if (known !== undefined) return { code: known[0], text: known[1] };
  return { code: 'IO_ERROR', text: error instanceof Error ? error.message : String(error) };
}
