import type { StopReason } from '../events/session-event.js';
import type { SessionHooks } from '../hooks/hook-points.js';
import type { SessionOptions } from '../session/session-options.js';

/** What to start a subagent with (the loop spec's spawn_agent arguments). */
export interface SpawnOptions {
  /** The task, in natural language: the subagent's first input. */
  task: string;
  /** A subdirectory (absolute, or relative to the parent's working directory) the agent works in and may write to. */
  workingDir?: string;
  /** Another model of the parent's provider; default: the parent's current model. */
  model?: string;
  /** Model calls the subagent may make; 0 or absent: unlimited (the current loop spec's default). */
  maxTurns?: number;
}

/**
 * `running`: working on its task or a message sent to it; `completed`: its last input ended with
 * an answer; `failed`: it stopped on an error or a limit; `closed`: closed, by the parent or with it.
 */
export type SubagentStatus = 'running' | 'completed' | 'failed' | 'closed';

/** What a parent learns about a subagent (the loop spec's SubAgentResult, plus its id and status). */
export interface SubagentResult {
  agentId: string;
  status: SubagentStatus;
  /** The subagent's last answer ('' while it has none). */
  output: string;
  /** The last input ended with an answer (completed, or a question awaiting input). */
  success: boolean;
  /** Model calls made so far. */
  turnsUsed: number;
  /** Why its last input stopped, once one has. */
  stopReason?: StopReason;
  /** The error it stopped on, if any. */
  error?: string;
}

/**
 * What a child session inherits from its parent besides the public profile, environment, client
 * and config: the session passes these when it builds its session tools, so gate and pipe hooks
 * (permissions, for one) hold for its subagents too.
 */
export interface ChildSessionDefaults {
  hooks?: SessionHooks;
  retry?: SessionOptions['retry'];
  callOptions?: SessionOptions['callOptions'];
}
