import type { ToolResult } from '../tools/tool.js';

/**
 * Where plugins can intervene in the tool pipeline (look up → validate → gate → execute → pipe →
 * truncate → emit → return). The runner that loads hooks from configuration lives in
 * @weft/hooks; the session only calls these points in order.
 */
export interface ToolCallInfo {
  toolCallId: string;
  toolName: string;
  /** Validated arguments. */
  arguments: Record<string, unknown>;
  sessionId: string;
  /** Set when the call comes from a subagent. */
  agentId?: string;
}

/** A gate's verdict: let the call run, block it (the model gets `reason` as an error result), or run it with other arguments. */
export type GateDecision =
  | { action: 'allow' }
  | { action: 'block'; reason: string }
  | { action: 'rewrite'; arguments: Record<string, unknown> };

/** Runs before a tool executes; gates run in order and the first block wins. */
export type ToolGateHook = (call: ToolCallInfo, signal: AbortSignal) => Promise<GateDecision> | GateDecision;

/** Runs after a tool executes; pipes run in order, each seeing the previous one's result. Returning undefined keeps it. */
export type ToolPipeHook = (
  call: ToolCallInfo,
  result: ToolResult,
  signal: AbortSignal,
) => Promise<ToolResult | undefined> | ToolResult | undefined;

export interface SessionHooks {
  toolGates?: ToolGateHook[];
  toolPipes?: ToolPipeHook[];
}
