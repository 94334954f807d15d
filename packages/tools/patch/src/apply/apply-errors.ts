import type { FileAccessError } from './file-access.js';

/**
 * Applying a parsed patch failed. Each subclass's `message` is the standalone command's text
 * (codex's wording); the tool words some of them differently (see messages/).
 */
export abstract class PatchApplyError extends Error {
  /** The absolute path involved, when there is one. */
  readonly path: string | undefined;

  constructor(message: string, path: string | undefined, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.path = path;
  }
}

/** The patch has no hunks. */
export class EmptyPatchError extends PatchApplyError {
  override readonly name = 'EmptyPatchError';

  constructor() {
    super('No files were modified.', undefined);
  }
}

/** The file an Update targets could not be read (missing, a folder, not UTF-8, ...). */
export class ReadFileToUpdateError extends PatchApplyError {
  override readonly name = 'ReadFileToUpdateError';
  override readonly cause: FileAccessError;

  constructor(path: string, cause: FileAccessError) {
    super(`Failed to read file to update ${path}: ${cause.message}`, path, cause);
    this.cause = cause;
  }
}

/** A Delete failed: the file is missing, is a folder, or could not be removed. */
export class DeleteFileError extends PatchApplyError {
  override readonly name = 'DeleteFileError';
  override readonly cause: FileAccessError;
  /** 'read' when the check before deleting failed (the tool reads a file before deleting it). */
  readonly stage: 'read' | 'delete';

  constructor(path: string, cause: FileAccessError, stage: 'read' | 'delete') {
    super(`Failed to delete file ${path}`, path, cause);
    this.cause = cause;
    this.stage = stage;
  }
}

/** Writing an added, updated or moved file failed. */
export class WriteFileError extends PatchApplyError {
  override readonly name = 'WriteFileError';
  override readonly cause: FileAccessError;

  constructor(path: string, cause: FileAccessError) {
    super(
      cause.stage === 'create-parents'
        ? `Failed to create parent directories for ${path}`
        : `Failed to write file ${path}`,
      path,
      cause,
    );
    this.cause = cause;
  }
}

/** A moved file was written to its destination but its source could not be removed. */
export class RemoveOriginalError extends PatchApplyError {
  override readonly name = 'RemoveOriginalError';
  override readonly cause: FileAccessError;

  constructor(path: string, cause: FileAccessError) {
    super(`Failed to remove original ${path}`, path, cause);
    this.cause = cause;
  }
}
