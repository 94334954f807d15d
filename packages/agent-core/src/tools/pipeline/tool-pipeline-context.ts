import type { ExecutionEnvironment } from '../../environment/execution-environment.js';
import type { SessionEventData, SessionEventKind } from '../../events/session-event.js';
import type { SessionHooks } from '../../hooks/hook-points.js';
import type { ToolOutputTruncationOptions } from '../../truncation/index.js';
import type { ToolRegistry } from '../tool-registry.js';

/** Delivers one session event. */
export type EmitEvent = <K extends SessionEventKind>(kind: K, data: SessionEventData[K]) => void;

/** Everything the tool pipeline needs from its session. */
export interface ToolPipelineContext {
  registry: ToolRegistry;
  env: ExecutionEnvironment;
  hooks: SessionHooks;
  sessionId: string;
  /** Set for a subagent's session: hooks see who is calling. */
  agentId?: string;
  /** Passed to tools as `ToolContext.commandTimeouts`. */
  commandTimeouts?: { defaultMs: number; maxMs: number };
  /** The session config's per-tool limits for what the model sees. */
  truncation: ToolOutputTruncationOptions;
  emit: EmitEvent;
}
