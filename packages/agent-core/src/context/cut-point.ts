import type { Turn } from '../history/turn.js';
import { estimateTurnTokens } from './history-tokens.js';

/**
 * Where to cut a history for compaction: the index of the first turn kept verbatim, or
 * `undefined` when nothing can be cut.
 *
 * Walking back from the newest turn, the cut goes at the latest turn boundary that still keeps
 * at least `keepRecentTokens` (when the whole history is smaller, nothing is cut). A boundary is
 * valid only where the kept part can start a history on its own: never at a tool-results turn
 * (its assistant turn, with the calls it answers, would be replaced while the results stay), and
 * never at a summary turn (it would be summarised and kept at once). At least one turn is always
 * replaced and one kept.
 */
export function findCutPoint(turns: readonly Turn[], keepRecentTokens: number): number | undefined {
  let kept = 0;
  let reachedAt: number | undefined;
  for (let i = turns.length - 1; i >= 0; i--) {
    kept += estimateTurnTokens(turns[i] as Turn);
    if (kept >= keepRecentTokens) {
      reachedAt = i;
      break;
    }
  }
  if (reachedAt === undefined) return undefined;
  for (let cut = reachedAt; cut >= 1; cut--) {
    if (isValidStart(turns[cut] as Turn)) return cut;
  }
  return undefined;
}

function isValidStart(turn: Turn): boolean {
  return turn.type !== 'tool_results' && turn.type !== 'summary';
}
