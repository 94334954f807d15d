import type { Turn } from '../history/turn.js';
import type { CompactionConfig } from '../session/session-config.js';
import { type ContextUsageOptions, contextUsage } from './history-tokens.js';

/**
 * Whether automatic compaction should run now: it is enabled and the estimate exceeds
 * `contextWindow − reserveTokens` (seed 004 §6.1), leaving the reserve free for the next response.
 */
export function shouldCompact(
  turns: readonly Turn[],
  contextWindow: number,
  config: CompactionConfig,
  options: ContextUsageOptions = {},
): boolean {
  if (!config.enabled) return false;
  return contextUsage(turns, contextWindow, options).tokens > contextWindow - config.reserveTokens;
}

/**
 * The recent history to keep verbatim. With a known window, at most half of what the window
 * leaves after the reserve: a keep budget near the threshold would compact almost nothing, and
 * the next request would cross the threshold again at once.
 */
export function effectiveKeepRecentTokens(
  config: Pick<CompactionConfig, 'keepRecentTokens' | 'reserveTokens'>,
  contextWindow?: number,
): number {
  if (contextWindow === undefined) return config.keepRecentTokens;
  const usable = Math.max(0, contextWindow - config.reserveTokens);
  return Math.min(config.keepRecentTokens, Math.floor(usable / 2));
}
