import type { ReasoningEffort } from '@weft/llm';
import type { Turn } from '../history/turn.js';
import type { SessionEntry } from './session-store.js';
import { SessionStoreError } from './session-store-error.js';

export interface RebuiltHistory {
  /** The history the session had at the leaf, compactions applied. */
  turns: Turn[];
  /** The last model change on the branch; undefined when there is none (the header's model holds). */
  model?: { provider: string; model: string; profile: string };
  /**
   * The last reasoning-effort change on the branch: null when it was reset to the provider's
   * default, undefined when the branch never changed it (the session's configuration holds).
   */
  reasoningEffort?: ReasoningEffort | null;
  /** The entry the branch ends at: the next entry's parent. Undefined only for no entries. */
  leafEntryId: string | undefined;
}

/**
 * Rebuilds the session's state at `leafEntryId` (default: the last entry): the branch is the leaf
 * and its ancestors through `parentId`, replayed from the root in order. Turn entries add their
 * turn; a compaction replaces the history built so far with its summary turn followed by the
 * turns from `firstKeptEntryId` on (turn ids are entry ids), exactly as the session did in
 * memory, so a later compaction that keeps turns from before an earlier one also comes out right.
 * Entries on other branches are ignored. Throws UNKNOWN_ENTRY for a leaf that is not there and
 * BROKEN_BRANCH for a missing parent, a cycle, or a compaction keeping a turn not in the history.
 */
export function historyFromEntries(entries: readonly SessionEntry[], leafEntryId?: string): RebuiltHistory {
  const leaf = leafEntryId ?? entries.at(-1)?.id;
  if (leaf === undefined) return { turns: [], leafEntryId: undefined };
  const result: RebuiltHistory = { turns: [], leafEntryId: leaf };
  let turns: Turn[] = [];
  for (const entry of branchTo(entries, leaf)) {
    switch (entry.type) {
      case 'turn':
        turns.push(entry.turn);
        break;
      case 'model_change':
        result.model = { provider: entry.provider, model: entry.model, profile: entry.profile };
        break;
      case 'effort_change':
        result.reasoningEffort = entry.reasoningEffort;
        break;
      case 'compaction':
        turns = [entry.summaryTurn, ...keptTurns(turns, entry.firstKeptEntryId, entry.id)];
        break;
    }
  }
  result.turns = turns;
  return result;
}

/** The entries from the root to `leaf`, in order. */
export function branchTo(entries: readonly SessionEntry[], leaf: string): SessionEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const branch: SessionEntry[] = [];
  let current = byId.get(leaf);
  if (!current) throw new SessionStoreError('UNKNOWN_ENTRY', `No entry ${leaf} in this session.`);
  const seen = new Set<string>();
  while (current) {
    if (seen.has(current.id)) {
      throw new SessionStoreError(
        'BROKEN_BRANCH',
        `The branch to ${leaf} has a cycle at entry ${current.id}.`,
      );
    }
    seen.add(current.id);
    branch.push(current);
    const parentId: string | null = current.parentId;
    if (parentId === null) break;
    current = byId.get(parentId);
    if (!current) {
      throw new SessionStoreError(
        'BROKEN_BRANCH',
        `The branch to ${leaf} refers to a missing entry ${parentId}.`,
      );
    }
  }
  return branch.reverse();
}

function keptTurns(
  turns: readonly Turn[],
  firstKeptEntryId: string | undefined,
  compactionId: string,
): Turn[] {
  if (firstKeptEntryId === undefined) return [];
  const index = turns.findIndex((turn) => turn.id === firstKeptEntryId);
  if (index === -1) {
    throw new SessionStoreError(
      'BROKEN_BRANCH',
      `Compaction ${compactionId} keeps turns from ${firstKeptEntryId}, which is not in the history before it.`,
    );
  }
  return turns.slice(index);
}
