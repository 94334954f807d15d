import type { ProviderOptions } from '@weft/llm';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import type { SessionConfig } from '../session/session-config.js';
import type { SubagentManager } from '../subagents/subagent-manager.js';
import type { Tool } from '../tools/tool.js';

/**
 * A model family's way of working: which tools it gets (under its reference agent's names and
 * parameters), how its system prompt reads, which project instruction files it honours, and what
 * the model can do. Profiles live in @weft/profiles; hosts may write their own.
 */
export interface ProviderProfile {
  /** 'anthropic', 'openai', 'gemini', 'generic', or a host's own. */
  readonly id: string;
  /** The @weft/llm provider requests route to. */
  readonly provider: string;
  readonly model: string;
  /**
   * The tools, in the order they are offered. Custom tools registered on a session override these
   * by name. `context` names the model and provider the tools are for (a session asks again when
   * its model changes), so a profile can offer a model family its own variant of a tool; a profile
   * whose tools do not depend on the model may ignore it. Returning the same array for the same
   * tools lets the session keep its registry.
   */
  tools(context?: ProfileToolsContext): readonly Tool[];
  /** The base instructions: identity, tool-use guidance, edit-format rules, coding practice. */
  buildSystemPrompt(context: SystemPromptContext): string;
  /** Provider-specific request fields (beta headers, caching, safety settings). */
  providerOptions?(): ProviderOptions | undefined;
  readonly capabilities: ProfileCapabilities;
  /** Project instruction files besides AGENTS.md (CLAUDE.md, GEMINI.md, .codex/instructions.md). */
  readonly projectDocFiles: readonly string[];
  /** A default command timeout that beats the session's (Claude Code's 120 s). */
  readonly defaultCommandTimeoutMs?: number;
  /**
   * Output limits for this profile's tool names (the session's defaults name only the generic
   * tools). The session config's own entries win over these.
   */
  readonly toolLimits?: Partial<
    Pick<SessionConfig, 'toolOutputLimits' | 'toolLineLimits' | 'toolTruncationModes'>
  >;
  /**
   * The subagent tools under this profile's names and parameters, built on the session's manager.
   * Absent: the loop spec's spawn_agent, send_input, wait and close_agent.
   */
  subagentTools?(manager: SubagentManager): readonly Tool[];
}

/** What a profile's tools may depend on: the model and provider of the calls they are offered to. */
export interface ProfileToolsContext {
  model: string;
  provider: string;
}

export interface ProfileCapabilities {
  /** Tool calls of one response may run concurrently. */
  parallelToolCalls: boolean;
  reasoning: boolean;
  streaming: boolean;
  /** Tokens. */
  contextWindow: number;
  /** 'YYYY-MM' or similar, shown in the environment block. */
  knowledgeCutoff?: string;
  /** The model accepts images (tool results with images, user images). */
  vision: boolean;
}

/** What a profile's prompt may refer to. The session assembles the other layers itself. */
export interface SystemPromptContext {
  env: ExecutionEnvironment;
  model: string;
  /** The tools the model gets this turn (after host overrides). */
  tools: readonly Tool[];
  /** ISO date (YYYY-MM-DD). */
  date: string;
}
