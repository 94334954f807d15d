import { SDKError } from '@weft/llm';

export type CompactionErrorCode =
  /** Another compaction of the same session is running. */
  | 'in_progress'
  /** The history has nothing to replace: it fits in the keep-recent budget, or holds only a summary. */
  | 'nothing_to_compact'
  /** The summary request failed; `cause` is the @weft/llm error. */
  | 'summary_failed'
  /** The model answered with no summary text. */
  | 'empty_summary'
  | 'aborted';

/**
 * Why a compaction did not happen. Whatever the code, the caller's history is as it was: the
 * compaction functions never change their inputs and return the new history only on success.
 */
export class CompactionError extends Error {
  override name = 'CompactionError';
  readonly code: CompactionErrorCode;
  /** Worth trying again later (a rate limit or a server error behind `summary_failed`). */
  readonly retryable: boolean;

  constructor(code: CompactionErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable =
      code === 'summary_failed' && options.cause instanceof SDKError && options.cause.retryable;
  }
}

export function isCompactionError(error: unknown): error is CompactionError {
  return error instanceof CompactionError;
}
