export type SubagentErrorCode =
  /** No subagent has this id (or it belongs to another session). */
  | 'unknown_agent'
  /** The subagent was closed: it takes no more input. */
  | 'closed'
  /** The parent session is closed and cannot start subagents. */
  | 'parent_closed';

/** A subagent operation that cannot be done; tools turn it into an error result for the model. */
export class SubagentError extends Error {
  override name = 'SubagentError';
  readonly code: SubagentErrorCode;

  constructor(code: SubagentErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
