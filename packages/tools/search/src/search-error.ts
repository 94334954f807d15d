import { ToolError } from '@weft/agent-core';

/** Why a search could not produce a result. */
export type SearchErrorCode =
  /** The regular expression does not parse (ripgrep's own message is in `detail`). */
  | 'INVALID_PATTERN'
  /** A glob (the glob filter, or glob's pattern) does not parse. */
  | 'INVALID_GLOB'
  /** The path to search does not exist. */
  | 'PATH_NOT_FOUND'
  /** The path exists but is not a directory, where one is needed. */
  | 'NOT_A_DIRECTORY'
  /** The ripgrep binary could not be found (no rgPath and no @vscode/ripgrep) or started. */
  | 'RIPGREP_UNAVAILABLE'
  /** ripgrep ran but failed for another reason (its message is in `detail`). */
  | 'RIPGREP_FAILED'
  /** The search ran out of time before it found anything. */
  | 'TIMED_OUT'
  /** The caller's abort signal fired. */
  | 'ABORTED';

/**
 * The one error the search operations throw. It is a ToolError, so a tool that lets it escape
 * still gives the model its message; the tools reword it with their own parameter names first.
 */
export class SearchError extends ToolError {
  readonly code: SearchErrorCode;
  /** The path the error is about, as the model should see it. */
  readonly path: string | undefined;
  /** ripgrep's own words, when ripgrep reported the problem. */
  readonly detail: string | undefined;

  constructor(
    code: SearchErrorCode,
    message: string,
    options: { path?: string; detail?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.code = code;
    this.path = options.path;
    this.detail = options.detail;
  }
}

/** True when `error` is a SearchError, optionally with one of the given codes. */
export function isSearchError(error: unknown, ...codes: SearchErrorCode[]): error is SearchError {
  return error instanceof SearchError && (codes.length === 0 || codes.includes(error.code));
}
