import { describe, expect, it } from 'vitest';
import type { Turn } from '../history/turn.js';
import {
  assistantTurn,
  at,
  chain,
  summaryTurn,
  toolResultsTurn,
  turnEntry,
  userTurn,
} from './entries.test-support.js';
import { historyFromEntries } from './history-from-entries.js';
import type { CompactionEntry, SessionEntry } from './session-store.js';
import { SessionStoreError } from './session-store-error.js';

const ids = (turns: readonly Turn[]) => turns.map((turn) => turn.id);

function compaction(id: string, parentId: string, firstKeptEntryId: string | undefined): CompactionEntry {
  return {
    type: 'compaction',
    id,
    parentId,
    timestamp: at(0),
    summaryTurn: summaryTurn(id, `summary ${id}`, firstKeptEntryId),
    firstKeptEntryId,
  };
}

function thrown(run: () => unknown): SessionStoreError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SessionStoreError);
    return error as SessionStoreError;
  }
  throw new Error('expected a SessionStoreError');
}

describe('historyFromEntries', () => {
  it('gives the turns of a linear session in order, the leaf being the last entry', () => {
    const entries = chain(
      userTurn('u1', 'a'),
      assistantTurn('a1', 'b', { toolCallId: 'c1' }),
      toolResultsTurn('r1', 'c1', 'out'),
    );

    const history = historyFromEntries(entries);

    expect(history.turns).toEqual(entries.map((entry) => entry.turn));
    expect(history.leafEntryId).toBe('r1');
    expect(history.model).toBeUndefined();
    expect(history.reasoningEffort).toBeUndefined();
  });

  it('follows parent ids from the leaf: entries on other branches are left out', () => {
    // u1 ─ a1 ─ u2 ─ a2      (first branch)
    //         └─ u3 ─ a3     (a branch from a1, appended later)
    const entries: SessionEntry[] = [
      ...chain(userTurn('u1', ''), assistantTurn('a1', ''), userTurn('u2', ''), assistantTurn('a2', '')),
      turnEntry(userTurn('u3', ''), 'a1'),
      turnEntry(assistantTurn('a3', ''), 'u3'),
    ];

    expect(ids(historyFromEntries(entries).turns)).toEqual(['u1', 'a1', 'u3', 'a3']);
    expect(ids(historyFromEntries(entries, 'a2').turns)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(ids(historyFromEntries(entries, 'a1').turns)).toEqual(['u1', 'a1']);
    expect(historyFromEntries(entries, 'a2').leafEntryId).toBe('a2');
  });

  it('applies the model and effort changes of the branch only, the last one winning (null included)', () => {
    const entries: SessionEntry[] = [
      ...chain(userTurn('u1', ''), assistantTurn('a1', '')),
      {
        type: 'model_change',
        id: 'm1',
        parentId: 'a1',
        timestamp: at(1),
        provider: 'openai',
        model: 'gpt-5',
        profile: 'openai',
      },
      { type: 'effort_change', id: 'e1', parentId: 'm1', timestamp: at(2), reasoningEffort: 'high' },
      { type: 'effort_change', id: 'e2', parentId: 'e1', timestamp: at(3), reasoningEffort: null },
      // Another branch from a1 that changes the model differently.
      {
        type: 'model_change',
        id: 'm2',
        parentId: 'a1',
        timestamp: at(4),
        provider: 'gemini',
        model: 'gemini-3-pro',
        profile: 'gemini',
      },
    ];

    expect(historyFromEntries(entries, 'e2')).toMatchObject({
      model: { provider: 'openai', model: 'gpt-5', profile: 'openai' },
      reasoningEffort: null,
    });
    expect(historyFromEntries(entries, 'e1').reasoningEffort).toBe('high');
    expect(historyFromEntries(entries, 'm2')).toMatchObject({ model: { model: 'gemini-3-pro' } });
    expect(historyFromEntries(entries, 'm2').reasoningEffort).toBeUndefined();
    // Change entries hold no turns.
    expect(ids(historyFromEntries(entries, 'e2').turns)).toEqual(['u1', 'a1']);
  });

  it('applies a compaction: the summary turn replaces every turn before the first kept one', () => {
    const entries: SessionEntry[] = [
      ...chain(userTurn('u1', ''), assistantTurn('a1', ''), userTurn('u2', ''), assistantTurn('a2', '')),
      compaction('c1', 'a2', 'u2'),
      turnEntry(userTurn('u3', ''), 'c1'),
    ];

    const history = historyFromEntries(entries);

    expect(ids(history.turns)).toEqual(['c1', 'u2', 'a2', 'u3']);
    expect(history.turns[0]).toEqual((entries[4] as CompactionEntry).summaryTurn);
    // Before the compaction entry, the branch is as it was.
    expect(ids(historyFromEntries(entries, 'a2').turns)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });

  it('replays compactions in order: a later one may keep turns from before an earlier one, or keep none', () => {
    const entries: SessionEntry[] = [
      ...chain(userTurn('u1', ''), assistantTurn('a1', ''), userTurn('u2', ''), assistantTurn('a2', '')),
      compaction('c1', 'a2', 'a2'),
      turnEntry(userTurn('u3', ''), 'c1'),
      turnEntry(assistantTurn('a3', ''), 'u3'),
      // The session's history here is c1, a2, u3, a3; the second compaction keeps from a2.
      compaction('c2', 'a3', 'a2'),
      turnEntry(userTurn('u4', ''), 'c2'),
      compaction('c3', 'u4', undefined),
    ];

    expect(ids(historyFromEntries(entries, 'u4').turns)).toEqual(['c2', 'a2', 'u3', 'a3', 'u4']);
    expect(ids(historyFromEntries(entries).turns)).toEqual(['c3']);
  });

  it('ignores a compaction on another branch', () => {
    const entries: SessionEntry[] = [
      ...chain(userTurn('u1', ''), assistantTurn('a1', '')),
      compaction('c1', 'a1', 'a1'),
      turnEntry(userTurn('u2', ''), 'a1'),
    ];

    expect(ids(historyFromEntries(entries).turns)).toEqual(['u1', 'a1', 'u2']);
  });

  it('is empty for no entries', () => {
    expect(historyFromEntries([])).toEqual({ turns: [], leafEntryId: undefined });
  });

  it('fails with UNKNOWN_ENTRY for a leaf that is not there', () => {
    expect(thrown(() => historyFromEntries(chain(userTurn('u1', '')), 'nope')).code).toBe('UNKNOWN_ENTRY');
  });

  it('fails with BROKEN_BRANCH for a missing parent, a cycle, or a compaction keeping an unknown turn', () => {
    const orphan = [turnEntry(userTurn('u2', ''), 'gone')];
    const cycle = [turnEntry(userTurn('u1', ''), 'u2'), turnEntry(userTurn('u2', ''), 'u1')];
    const badCompaction = [...chain(userTurn('u1', '')), compaction('c1', 'u1', 'elsewhere')];

    expect(thrown(() => historyFromEntries(orphan)).message).toContain('missing entry gone');
    expect(thrown(() => historyFromEntries(cycle)).message).toContain('cycle');
    expect(thrown(() => historyFromEntries(badCompaction))).toMatchObject({ code: 'BROKEN_BRANCH' });
  });
});
