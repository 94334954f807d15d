import type { CallOptions, Client, Request, RetryOptions, Usage } from '@weft/llm';
import type { Turn } from '../history/turn.js';
import type { SessionConfig } from '../session/session-config.js';
import type { EmitEvent, ToolPipelineContext } from '../tools/pipeline/tool-pipeline-context.js';
import type { ToolContent } from '../tools/tool.js';

/** Why a compaction runs: the threshold was crossed, a request overflowed, or the host asked. */
export type CompactionReason = 'threshold' | 'overflow' | 'manual';

/** A request ready to send, and the tokens it carries besides the history (system prompt, tool definitions). */
export interface BuiltRequest {
  request: Request;
  fixedTokens: number;
}

/**
 * What the loop needs from its session. The session owns state (history, queues, the store, the
 * model selection); the loop owns the rules of one input. Keeping the seam explicit keeps the
 * loop testable through the public Session and the session free of loop rules.
 */
export interface LoopHost {
  readonly config: SessionConfig;
  readonly client: Client;
  readonly emit: EmitEvent;
  /** Aborted when the session is aborted or closed mid-input. */
  readonly signal: AbortSignal;
  readonly retry: Omit<RetryOptions, 'signal'>;
  readonly callOptions: Omit<CallOptions, 'signal'>;
  /** Decides whether a text-only answer waits for the user (AWAITING_INPUT); absent: never. */
  readonly awaitsInput: ((text: string) => boolean) | undefined;

  history(): readonly Turn[];
  /** Model responses recorded in the whole session (for `maxTurns`). */
  modelCalls(): number;
  /** Estimated tokens of the history. */
  historyTokens(): number;
  /** Estimated tokens of the last request's fixed part (system prompt, tool definitions); 0 before the first. */
  fixedTokens(): number;
  /** The profile's context window. */
  contextWindow(): number;
  /** The profile allows a response's tool calls to run concurrently. */
  parallelToolCalls(): boolean;
  toolPipeline(): ToolPipelineContext;
  buildRequest(): Promise<BuiltRequest>;

  /** Writes a turn (to the store first, when there is one) and appends it to history. */
  appendTurn(turn: Turn): Promise<void>;
  /** Appends the submitted input as a user turn and announces it (user_input). */
  appendUserInput(content: ToolContent[]): Promise<void>;
  /** Moves queued steering messages into history as steering turns. */
  drainSteering(): Promise<void>;
  steeringPending(): boolean;
  /** Aborted when a steering message asks to interrupt the running tools; renewed for each round. */
  beginToolRound(): AbortSignal;
  /** Runs a compaction: true when the history was replaced. Never throws. */
  compact(reason: CompactionReason): Promise<boolean>;
  /** Runs a compaction the host asked for while the loop was busy, if any. */
  runPendingCompaction(): Promise<void>;
  addUsage(usage: Usage): void;
}
