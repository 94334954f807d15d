import { VERSION } from '../args/help.js';
import type { Session, SubmitResult } from '../runtime/agent-core.js';
import type { SpendReport } from '../runtime/cost-tracker.js';
import { exitCodeFor } from './exit-codes.js';
import { type InitLine, type ResultLine, STREAM_SCHEMA_VERSION } from './stream-schema.js';

export interface RunOutcome {
  submit: SubmitResult;
  session: Session;
  /** What the run spent. */
  spend: SpendReport;
  startedAt: number;
  /** Set when a signal stopped the run. */
  signal?: 'SIGINT' | 'SIGTERM' | undefined;
}

/**
 * The result of a run. The session ends an input the cost budget refused with an `error` (its
 * model call failed with BudgetExceededError); the CLI reports that as the `budget` stop reason.
 */
export function buildResult(outcome: RunOutcome): ResultLine {
  const { submit, session, spend } = outcome;
  const budget = submit.stopReason === 'error' && submit.error?.code === 'BudgetExceededError';
  const stopReason = budget ? 'budget' : submit.stopReason;
  const exitCode = exitCodeFor(stopReason, outcome.signal);
  return {
    type: 'result',
    schemaVersion: STREAM_SCHEMA_VERSION,
    sessionId: session.id,
    answer: submit.text,
    stopReason,
    isError: exitCode !== 0,
    exitCode,
    turns: submit.turns,
    toolRounds: submit.toolRounds,
    usage: spend.usage,
    models: spend.models,
    costUsd: spend.costUsd,
    durationMs: Math.round(performance.now() - outcome.startedAt),
    ...(submit.error ? { error: submit.error } : {}),
  };
}

export function buildInit(session: Session, mode: InitLine['mode']): InitLine {
  return {
    type: 'init',
    schemaVersion: STREAM_SCHEMA_VERSION,
    weftVersion: VERSION,
    mode,
    sessionId: session.id,
    cwd: session.env.workingDirectory,
    provider: session.provider,
    model: session.model,
    profile: session.profile.id,
    effort: session.reasoningEffort ?? null,
    tools: session.tools.names(),
  };
}
