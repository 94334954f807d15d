import type { ToolResultRecord } from '../../history/turn.js';
import type { ToolResult } from '../tool.js';

/** What one tool call came to: what the model is sent, and the whole result for hosts. */
export interface ToolCallOutcome {
  /** The model-facing record (content after truncation) that goes into the tool_results turn. */
  record: ToolResultRecord;
  /** The tool's whole result, after pipe hooks, untruncated. */
  result: ToolResult;
  /** The text the model is sent. */
  modelText: string;
  truncated: boolean;
  /** Why the call did not run: a gate's reason, or the invalid-arguments message. */
  blocked?: string;
  /** The call was never started. */
  skipped?: 'steering' | 'aborted';
  durationMs: number;
}
