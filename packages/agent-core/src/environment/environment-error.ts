/** Why an environment operation failed, in terms a tool can turn into advice for the model. */
export type EnvironmentErrorCode =
  | 'NOT_FOUND'
  | 'IS_DIRECTORY'
  | 'NOT_DIRECTORY'
  | 'PERMISSION_DENIED'
  | 'OUTSIDE_ALLOWED_ROOTS'
  | 'ALREADY_EXISTS'
  | 'SPAWN_FAILED'
  | 'ABORTED'
  | 'UNAVAILABLE'
  | 'IO_ERROR';

/** The one error class environments throw; `code` says what went wrong, `path` where. */
export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError';
  readonly code: EnvironmentErrorCode;
  readonly path: string | undefined;

  constructor(code: EnvironmentErrorCode, message: string, options: { path?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.path = options.path;
  }
}

/** True when `error` is an EnvironmentError, optionally with one of the given codes. */
export function isEnvironmentError(
  error: unknown,
  ...codes: EnvironmentErrorCode[]
): error is EnvironmentError {
  return error instanceof EnvironmentError && (codes.length === 0 || codes.includes(error.code));
}
