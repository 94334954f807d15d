import { ToolError } from '@weft/agent-core';

/** What went wrong in a file tool, for hosts and for presenters that reword messages per agent. */
export type FsErrorCode =
  | 'FILE_NOT_FOUND'
  | 'PATH_NOT_FOUND'
  | 'IS_DIRECTORY'
  | 'NOT_DIRECTORY'
  | 'NOT_REGULAR_FILE'
  | 'PERMISSION_DENIED'
  | 'BINARY_FILE'
  | 'NOT_UTF8'
  | 'IMAGE_TOO_LARGE'
  | 'OFFSET_BEYOND_END'
  | 'TEXT_NOT_FOUND'
  | 'MULTIPLE_MATCHES'
  | 'NO_CHANGE'
  | 'EMPTY_OLD_STRING';

/** The `details` of an error result from a file tool. */
export interface FsErrorDetails {
  code: FsErrorCode;
  /** The path as the model gave it. */
  path: string;
  /** Occurrences found, for MULTIPLE_MATCHES. */
  occurrences?: number;
  /** Lines in the file, for OFFSET_BEYOND_END. */
  totalLines?: number;
  /** Size in bytes, for IMAGE_TOO_LARGE and BINARY_FILE. */
  bytes?: number;
}

/**
 * A file tool's failure. The message is written for the model: what went wrong, then what to do
 * next. `code` and `details` let a host (or a presenter for another agent's wording) tell the
 * failures apart without parsing the message.
 */
export class FsToolError extends ToolError<FsErrorDetails> {
  readonly code: FsErrorCode;

  constructor(message: string, details: FsErrorDetails, options: { cause?: unknown } = {}) {
    super(message, { details, ...options });
    this.code = details.code;
  }
}
