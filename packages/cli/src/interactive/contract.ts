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

/**
 * What the interactive mode needs from the CLI runtime. `index.ts` builds it from the core's
 * `CliRuntime`; tests build it from a fake model server.
 */
export interface InteractiveHost {
  /** The folder sessions run in. */
  readonly workingDirectory: string;
  /** Whether sessions are saved (false with --no-session): /sessions, /resume and /fork need it. */
  readonly persistent: boolean;
  /** The session to begin with: new, or continued / resumed / forked as the flags asked. */
  initialSession(): Promise<SessionLike>;
  newSession(): Promise<SessionLike>;
  resumeSession(id: string): Promise<SessionLike>;
  forkSession(id: string, entryId?: string): Promise<SessionLike>;
  /**
   * Continues a session after an abort (which closes it) with the history recorded so far. With
   * a store this is a resume; without one the host rebuilds it from `session.history`.
   */
  reopenSession(session: SessionLike): Promise<SessionLike>;
  /** Saved sessions of this folder, newest first. */
  listSessions(): Promise<readonly SessionSummary[]>;
  /** Changes the model of `session` from a `provider/model` (or bare model) spec. */
  setModel(session: SessionLike, spec: string): Promise<void>;
  /** Changes the reasoning effort (null: the provider's default). */
  setEffort(session: SessionLike, effort: ReasoningEffort | null): Promise<void>;
  /** Dollars `session` has cost so far (undefined when a model has no price). */
  costOf(session: SessionLike): number | undefined;
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
