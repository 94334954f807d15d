/** Why a session store operation failed. */
export type SessionStoreErrorCode =
  /** No session with that id in the store. */
  | 'NOT_FOUND'
  /** `create` for an id that is already taken. */
  | 'ALREADY_EXISTS'
  /** The id cannot name a file (empty, a path separator, a leading dot, ...). */
  | 'INVALID_SESSION_ID'
  /** A line other than a torn last one is not a valid entry, or the header is missing or broken. */
  | 'CORRUPT'
  /** The header's format version is not one this code reads. */
  | 'UNSUPPORTED_VERSION'
  /** An entry that cannot be written (it does not serialize to JSON: a BigInt, a cycle). */
  | 'INVALID_ENTRY'
  /** An entry id (a leaf, a fork point) that the session does not hold. */
  | 'UNKNOWN_ENTRY'
  /** A branch that cannot be rebuilt: a missing parent, a cycle, a compaction keeping a turn not on it. */
  | 'BROKEN_BRANCH'
  /** The file system refused (permissions, disk full, ...); `cause` has the system error. */
  | 'IO_ERROR';

/** The one error class of the session store; `code` says what went wrong. */
export class SessionStoreError extends Error {
  override readonly name = 'SessionStoreError';
  readonly code: SessionStoreErrorCode;
  readonly sessionId: string | undefined;
  /** The session file, when one is involved. */
  readonly path: string | undefined;
  /** The 1-based line of the file, for CORRUPT. */
  readonly line: number | undefined;

  constructor(
    code: SessionStoreErrorCode,
    message: string,
    options: { sessionId?: string; path?: string; line?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.sessionId = options.sessionId;
    this.path = options.path;
    this.line = options.line;
  }
}

/** True when `error` is a SessionStoreError, optionally with one of the given codes. */
export function isSessionStoreError(
  error: unknown,
  ...codes: SessionStoreErrorCode[]
): error is SessionStoreError {
  return error instanceof SessionStoreError && (codes.length === 0 || codes.includes(error.code));
}
