import type { Message } from '../types/content.js';

/** What one history-repair rule did, for logs. */
export type RepairChangeKind =
  /** An assistant message from another provider or model lost its signatures. */
  | 'signatures_dropped'
  /** Foreign reasoning text was kept as a quoted text part. */
  | 'thinking_to_text'
  /** Foreign reasoning with nothing readable (redacted, or signature-only) was removed. */
  | 'thinking_dropped'
  /** A tool result that answers no call of the assistant turn before it was removed. */
  | 'orphan_tool_result_dropped'
  /** A second result for the same call was removed (the first one is kept). */
  | 'duplicate_tool_result_dropped'
  /** A call that never got a result was given a synthetic error result. */
  | 'synthetic_tool_result_added'
  /** Results were moved to sit directly after their calls, in call order. */
  | 'tool_results_reordered'
  /** A tool-call id the target does not accept was replaced (call and results together). */
  | 'tool_call_id_rewritten'
  /** A tool-call id could not be made to fit the target's rule and was left as it was. */
  | 'tool_call_id_unfixable';

export interface RepairChange {
  kind: RepairChangeKind;
  /** One sentence for a log line. */
  description: string;
  /**
   * The message the change concerns, as an index into the history as that rule saw it. Rules run
   * in a fixed order (signatures, orphans, missing results, ids); only the orphan rule removes
   * messages, so later indices may be smaller than the input's.
   */
  messageIndex?: number;
  toolCallId?: string;
  /** For `tool_call_id_rewritten`: the id that replaced `toolCallId`. */
  newToolCallId?: string;
}

/** A rule's output: the repaired history (input untouched) and what changed. */
export interface RepairResult {
  messages: Message[];
  changes: RepairChange[];
}
