import type { ReasoningEffort } from '@weft/llm';
import type { TruncationMode } from '../truncation/index.js';

/** Limits and settings of a session. Every field has the loop spec's default. */
export interface SessionConfig {
  /** Model calls in the whole session; 0 = unlimited. */
  maxTurns: number;
  /** Tool rounds per submitted input; 0 = unlimited (the current spec's default). */
  maxToolRoundsPerInput: number;
  /** Command timeout when a call sets none. Profiles may set their own (Anthropic: 120 000). */
  defaultCommandTimeoutMs: number;
  /** The cap on any command timeout. */
  maxCommandTimeoutMs: number;
  reasoningEffort: ReasoningEffort | undefined;
  /** Per-tool character limits for what the model sees (the truncation module's defaults otherwise). */
  toolOutputLimits: Record<string, number>;
  /** Per-tool line limits, applied after the character limit. */
  toolLineLimits: Record<string, number>;
  /** Per-tool truncation modes. */
  toolTruncationModes: Record<string, TruncationMode>;
  enableLoopDetection: boolean;
  /** Tool calls looked at by loop detection (patterns of length 1–3 that divide it). */
  loopDetectionWindow: number;
  /** How deep subagents may nest; 1 = the session's children cannot spawn their own. */
  maxSubagentDepth: number;
  /** Retries of an empty or cut-off model response before giving up. */
  maxEmptyResponseRetries: number;
  /** Share of the context window at which a context warning is emitted. */
  contextWarningThreshold: number;
  compaction: CompactionConfig;
}

export interface CompactionConfig {
  /** Compact automatically when the context fills. Off by default: hosts opt in. */
  enabled: boolean;
  /** Tokens kept free for the next response: compaction starts when the estimate exceeds window − reserve. */
  reserveTokens: number;
  /** Tokens of the most recent history kept verbatim after a compaction. */
  keepRecentTokens: number;
}

export const DEFAULT_SESSION_CONFIG: Readonly<SessionConfig> = Object.freeze({
  maxTurns: 0,
  maxToolRoundsPerInput: 0,
  defaultCommandTimeoutMs: 10_000,
  maxCommandTimeoutMs: 600_000,
  reasoningEffort: undefined,
  toolOutputLimits: {},
  toolLineLimits: {},
  toolTruncationModes: {},
  enableLoopDetection: true,
  loopDetectionWindow: 10,
  maxSubagentDepth: 1,
  maxEmptyResponseRetries: 2,
  contextWarningThreshold: 0.8,
  compaction: { enabled: false, reserveTokens: 16_384, keepRecentTokens: 20_000 },
});

/** The defaults with `overrides` applied (compaction merged one level deep). */
export function resolveSessionConfig(
  overrides: Partial<Omit<SessionConfig, 'compaction'>> & { compaction?: Partial<CompactionConfig> } = {},
): SessionConfig {
  return {
    ...DEFAULT_SESSION_CONFIG,
    ...overrides,
    compaction: { ...DEFAULT_SESSION_CONFIG.compaction, ...overrides.compaction },
  };
}
