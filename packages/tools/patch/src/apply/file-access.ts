/**
 * The file operations applying a patch needs. The tool implements it over an
 * ExecutionEnvironment, the command over node:fs, and tests over anything; the applier itself
 * never touches a file system directly.
 *
 * Every method throws {@link FileAccessError} on failure.
 */
export interface PatchFileAccess {
  /** The absolute path a patch path refers to (relative paths are taken from the working directory). */
  resolve(path: string): string;
  /** Reads a whole file. */
  read(absolutePath: string): Promise<Uint8Array>;
  /** Replaces or creates a file, creating missing parent folders. */
  write(absolutePath: string, content: string): Promise<void>;
  /** Deletes a file (never a folder). */
  delete(absolutePath: string): Promise<void>;
  /** True when a file or folder exists at the path. */
  exists(absolutePath: string): Promise<boolean>;
}

export type FileAccessErrorCode =
  | 'NOT_FOUND'
  | 'IS_DIRECTORY'
  | 'NOT_DIRECTORY'
  | 'PERMISSION_DENIED'
  | 'INVALID_UTF8'
  | 'OUTSIDE_ALLOWED_ROOTS'
  | 'IO_ERROR';

/**
 * A file operation failed. `message` is worded like the operating-system error codex would
 * print ("No such file or directory (os error 2)"), so it can be appended to codex's texts.
 */
export class FileAccessError extends Error {
  override readonly name = 'FileAccessError';
  readonly code: FileAccessErrorCode;
  /** For writes: whether creating the parent folders or writing the file itself failed. */
  readonly stage: 'create-parents' | 'write' | undefined;

  constructor(
    code: FileAccessErrorCode,
    message: string,
    options: { stage?: 'create-parents' | 'write'; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.stage = options.stage;
  }
}
