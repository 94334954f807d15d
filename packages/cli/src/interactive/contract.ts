import type { SessionEvent, SessionState, SessionSummary, Turn } from '@weft/agent-core';
import type { ReasoningEffort, Usage } from '@weft/llm';

/**
 * What the interactive mode uses of a session: a structural slice of @weft/agent-core's
 * `Session`, so that any session (or a test double) fits.
 */
export interface SessionLike {
  readonly id: string;
  readonly model: string;
  readonly provider: string;
  readonly reasoningEffort: ReasoningEffort | undefined;
  readonly profile: { readonly id: string; readonly capabilities: { readonly contextWindow: number } };
  readonly usage: Usage;
  readonly history: readonly Turn[];
  readonly state: SessionState;
  readonly leafEntryId: string | null;
  submit(input: string): Promise<{ stopReason: string }>;
  steer(text: string): void;
  followUp(input: string): void;
  abort(): Promise<void>;
  close(): Promise<void>;
  compact(): Promise<{ ok: boolean; tokensBefore: number; tokensAfter?: number; error?: string }>;
  onAny(listener: (event: SessionEvent) => void): () => void;
}

/** What the model calls of this run cost, per model and in all. */
export interface Spend {
  /** Tokens of every model call of the run (subagents and compaction included). */
  tokens: number;
  /** Dollars at the catalog's prices; undefined when a model used has no prices. */
  costUsd: number | undefined;
  models: ReadonlyArray<{
    provider: string;
    model: string;
    calls: number;
    usage: Usage;
    costUsd: number | null;
  }>;
}

/**
 * What the interactive mode needs from the CLI runtime. `runtime-host.ts` builds it from the
 * core's `CliRuntime`; tests may build it from anything else. Methods that open a session make it
 * the current one (the runtime closes the one before).
 */
export interface InteractiveHost {
  /** The folder sessions run in. */
  readonly workingDirectory: string;
  /** Whether sessions are saved (false with --no-session): /sessions and /resume need it. */
  readonly persistent: boolean;
  /** The session to begin with: new, or continued / resumed / forked as the flags asked. */
  initialSession(onWarning: (message: string) => void): Promise<SessionLike>;
  newSession(): Promise<SessionLike>;
  resumeSession(id: string): Promise<SessionLike>;
  forkSession(id: string, entryId?: string): Promise<SessionLike>;
  /**
   * Stops the turn in progress and continues the conversation: a session's abort closes it, so
   * this returns the same conversation reopened with the history recorded so far.
   */
  interrupt(session: SessionLike): Promise<SessionLike>;
  /** Saved sessions of this folder, newest first. */
  listSessions(): Promise<readonly SessionSummary[]>;
  /** Changes the model of the current session from a `provider/model` (or bare model) spec. */
  setModel(spec: string): Promise<void>;
  /** Changes the reasoning effort of the current session (null: the provider's default). */
  setEffort(effort: ReasoningEffort | null): Promise<void>;
  spend(): Spend;
  /** Models the user can pick with /model, as `provider/model` (may be empty). */
  knownModels(): readonly string[];
}

export const REASONING_EFFORTS: readonly ReasoningEffort[] = [
  'none',
  'minimal',
  'low',
  'medium',
  'high',
  'xhigh',
];
