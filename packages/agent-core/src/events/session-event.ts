import type { FinishReason, ReasoningEffort, ToolCallData, Usage } from '@weft/llm';
import type { Turn } from '../history/turn.js';
import type { SessionState } from '../session/session-state.js';
import type { ToolResult } from '../tools/tool.js';

/**
 * What each event kind carries. Every event reaching a host is a {@link SessionEvent}: the kind,
 * an ISO timestamp, the session id, this data, and (for events relayed from a subagent) the id
 * the parent gave that subagent.
 */
export interface SessionEventData {
  session_start: {
    profile: string;
    provider: string;
    model: string;
    workingDirectory: string;
    resumed: boolean;
  };
  /** The session closed: the last event it sends. */
  session_end: { state: 'CLOSED'; reason: 'closed' | 'aborted' | 'error'; error?: string };
  user_input: { turnId: string; text: string; images: number };
  /** One submit (and the follow-ups queued behind it) is done; the session is IDLE or AWAITING_INPUT again. */
  processing_end: {
    state: SessionState;
    stopReason: StopReason;
    /** Model calls made for this input. */
    turns: number;
    toolRounds: number;
    usage: Usage;
  };
  assistant_text_start: { responseIndex: number };
  assistant_text_delta: { delta: string };
  /** The model's turn ended: its whole text (and reasoning), its tool calls and usage. */
  assistant_text_end: {
    turnId: string;
    text: string;
    reasoning: string;
    toolCalls: ToolCallData[];
    usage: Usage;
    finishReason: FinishReason;
    provider: string;
    model: string;
  };
  assistant_reasoning_start: Record<string, never>;
  assistant_reasoning_delta: { delta: string };
  assistant_reasoning_end: { text: string };
  tool_call_start: { toolCallId: string; toolName: string; arguments: unknown };
  tool_call_output_delta: { toolCallId: string; delta: string; stream?: 'stdout' | 'stderr' };
  /**
   * The call finished. `result` is the tool's whole result, untruncated; `modelContent` is what
   * the model was sent after truncation.
   */
  tool_call_end: {
    toolCallId: string;
    toolName: string;
    result: ToolResult;
    modelText: string;
    truncated: boolean;
    durationMs: number;
    /** Set when a gate hook blocked the call or the arguments were invalid. */
    blocked?: string;
    /**
     * Set when the call was never run: a steering message was queued while earlier calls of
     * its round ran ('steering'), or the session was aborted first ('aborted').
     */
    skipped?: 'steering' | 'aborted';
  };
  steering_injected: { turnId: string; text: string; source: 'host' | 'loop_detection' };
  turn_limit: { limit: 'max_tool_rounds_per_input' | 'max_turns'; value: number };
  loop_detection: { message: string; pattern: string[] };
  warning: { code: string; message: string };
  error: { code: string; message: string; retryable: boolean };
  /** A model call failed transiently and will be retried after `delayMs`. */
  retry: { attempt: number; delayMs: number; error: string };
  compaction_start: { reason: 'threshold' | 'overflow' | 'manual'; tokensBefore: number };
  compaction_end: {
    ok: boolean;
    tokensBefore: number;
    tokensAfter?: number;
    replacedTurns?: number;
    error?: string;
  };
  state_change: { from: SessionState; to: SessionState };
  /** The model (and possibly provider and profile) of the next model calls changed. */
  model_change: { provider: string; model: string; profile: string };
  /** The reasoning effort of the next model calls changed (null: the provider's default). */
  effort_change: { reasoningEffort: ReasoningEffort | null };
  /** A turn was appended to history (and to the store, when there is one). */
  turn_appended: { turn: Turn };
}

export type SessionEventKind = keyof SessionEventData;

/** Why the loop stopped for an input. */
export type StopReason =
  | 'completed'
  | 'awaiting_input'
  | 'max_tool_rounds'
  | 'max_turns'
  | 'aborted'
  | 'error'
  /** The request did not fit the context window and compaction was off or did not help. */
  | 'context_overflow'
  /** The host's own budget (cost, for example) stopped the run. */
  | 'budget';

export type SessionEvent<K extends SessionEventKind = SessionEventKind> = {
  [P in K]: {
    kind: P;
    /** ISO 8601. */
    timestamp: string;
    sessionId: string;
    data: SessionEventData[P];
    /** For events relayed from a subagent: the id its parent gave it. */
    agentId?: string;
  };
}[K];
