import { costOf } from '@weft/llm';
import type { SessionSummary } from './session-store.js';
import type { SummaryState, UsageSum } from './summary-scan.js';

/** The listing of one scanned file; undefined when it had no valid header. */
export function toSessionSummary(state: SummaryState): SessionSummary | undefined {
  const header = state.header;
  if (!header) return undefined;
  return {
    sessionId: header.sessionId,
    createdAt: header.createdAt,
    updatedAt: later(state.updatedAt, header.createdAt),
    workingDirectory: header.workingDirectory,
    firstPrompt: state.firstPrompt ?? '',
    turns: state.turns,
    model: state.model ?? header.model,
    costUsd: costOfUsage(state.usageByModel),
  };
}

/**
 * The later of the last entry's time and the creation time: a fork is created after the entries
 * it copies, and its creation is its latest activity until it gets entries of its own.
 */
function later(lastEntry: string | undefined, createdAt: string): string {
  if (lastEntry === undefined) return createdAt;
  return (Date.parse(lastEntry) || 0) >= (Date.parse(createdAt) || 0) ? lastEntry : createdAt;
}

/**
 * Dollars for the tokens of every model, with the catalog's current prices; undefined when one
 * of the models has no price (a partial sum would understate the cost). Costs are linear in
 * tokens, so summing tokens per model first gives the sum of the per-turn costs.
 */
export function costOfUsage(usageByModel: Readonly<Record<string, UsageSum>>): number | undefined {
  let total = 0;
  for (const [model, sum] of Object.entries(usageByModel)) {
    const cost = costOf({ ...sum, totalTokens: sum.inputTokens + sum.outputTokens }, model);
    if (cost === undefined) return undefined;
    total += cost.total;
  }
  return total;
}
