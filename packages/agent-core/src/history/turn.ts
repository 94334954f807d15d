import type { FinishReason, Message, Usage } from '@weft/llm';
import type { ToolContent } from '../tools/tool.js';

/**
 * One entry of a session's history. Turns hold what is needed to rebuild the exact request
 * history (the assistant turn keeps the provider's message whole: thinking with signatures, tool
 * calls with ids, its origin) and what a host needs to show it.
 */
export type Turn = UserTurn | AssistantTurn | ToolResultsTurn | SystemTurn | SteeringTurn | SummaryTurn;

export type TurnType = Turn['type'];

interface TurnBase {
  /** Unique within the session; also the id of the store entry that holds it. */
  id: string;
  /** ISO 8601. */
  timestamp: string;
}

/** What the user (or host) submitted. */
export interface UserTurn extends TurnBase {
  type: 'user';
  /** Text and images. */
  content: ToolContent[];
}

/** One model response. */
export interface AssistantTurn extends TurnBase {
  type: 'assistant';
  /** The response's message as the provider gave it (origin set), replayed verbatim in history. */
  message: Message;
  usage: Usage;
  finishReason: FinishReason;
  provider: string;
  model: string;
  responseId?: string;
}

/** The results of one round of tool calls, in call order. */
export interface ToolResultsTurn extends TurnBase {
  type: 'tool_results';
  results: ToolResultRecord[];
}

export interface ToolResultRecord {
  toolCallId: string;
  toolName: string;
  /** What the model was sent: the output after truncation. */
  content: ToolContent[];
  isError: boolean;
  /** Structured facts for hosts (exit code, diff, truncation, the untruncated size, ...). */
  details?: unknown;
}

/** A note from the host or the loop (context warnings the model should see, for example). */
export interface SystemTurn extends TurnBase {
  type: 'system';
  content: string;
}

/** A message injected mid-task (`steer()`), or the loop detector's warning; sent as a user message. */
export interface SteeringTurn extends TurnBase {
  type: 'steering';
  content: string;
  source: 'host' | 'loop_detection';
}

/**
 * Stands in for the turns a compaction replaced: the model-written summary plus the file
 * operations carried over. Sent as a user message at the start of the remaining history.
 */
export interface SummaryTurn extends TurnBase {
  type: 'summary';
  summary: string;
  /** How many turns it replaced, and the id of the first turn kept after it. */
  replacedTurns: number;
  firstKeptTurnId: string | undefined;
  readFiles: string[];
  modifiedFiles: string[];
}
