import type { CompactionEntry } from '../store/session-store.js';
import type { CompactionResult } from './compact-history.js';

/**
 * The store entry that records a compaction. Turn ids are entry ids, so `firstKeptEntryId` is the
 * first kept turn's id: a store rebuilding the branch replaces everything before that entry with
 * the summary turn, which gives back `result.history`.
 */
export function compactionEntryFor(
  result: Pick<CompactionResult, 'summaryTurn'>,
  entry: { parentId: string | null; id?: string; timestamp?: string },
): CompactionEntry {
  return {
    type: 'compaction',
    id: entry.id ?? result.summaryTurn.id,
    parentId: entry.parentId,
    timestamp: entry.timestamp ?? result.summaryTurn.timestamp,
    summaryTurn: result.summaryTurn,
    firstKeptEntryId: result.summaryTurn.firstKeptTurnId,
  };
}
