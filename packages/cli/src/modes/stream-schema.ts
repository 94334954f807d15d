import type { SessionEvent, StopReason } from '@weft/agent-core';
import type { Usage } from '@weft/llm';

/**
 * The line schema of `--output stream-json` and `--mode rpc` (README: "Stream-JSON lines").
 * Bumped when a field changes meaning or disappears; adding a field or an event kind is not a
 * change of version, so readers ignore what they do not know.
 */
export const STREAM_SCHEMA_VERSION = 1;

/** The first line: who is running, on what. */
export interface InitLine {
  type: 'init';
  schemaVersion: typeof STREAM_SCHEMA_VERSION;
  weftVersion: string;
  mode: 'print' | 'rpc';
  sessionId: string;
  cwd: string;
  provider: string;
  model: string;
  profile: string;
  effort: string | null;
  /** The tools the model is offered. */
  tools: string[];
}

/** One session event, as the session emitted it (`kind`, `timestamp`, `sessionId`, `data`, `agentId?`). */
export type EventLine = { type: 'event' } & SessionEvent;

/** What one model cost. */
export interface ModelUsageLine {
  provider: string;
  model: string;
  calls: number;
  usage: Usage;
  /** Null when the catalog has no prices for the model. */
  costUsd: number | null;
}

/** The last line of a run (in RPC mode: of each prompt). */
export interface ResultLine {
  type: 'result';
  schemaVersion: typeof STREAM_SCHEMA_VERSION;
  sessionId: string;
  /** The text of the last model response ('' when there was none). */
  answer: string;
  /** The session's stop reason; `budget` when --max-cost-usd stopped it, `max_turns` for --max-turns. */
  stopReason: StopReason;
  /** True unless the run completed (exit code 0). */
  isError: boolean;
  /** The exit code print mode ends with for this result. */
  exitCode: number;
  /** Model responses for this run. */
  turns: number;
  toolRounds: number;
  /** Tokens of every model call the run made (subagents' and compaction's included), added up. */
  usage: Usage;
  /** The same per provider and model, in first-use order. */
  models: ModelUsageLine[];
  /** Dollars the run spent; null when a model used has no prices in the catalog. */
  costUsd: number | null;
  durationMs: number;
  error?: { code: string; message: string };
  /** RPC mode: the id of the prompt command this result ends. */
  commandId?: string | number;
}

export type StreamLine = InitLine | EventLine | ResultLine;
