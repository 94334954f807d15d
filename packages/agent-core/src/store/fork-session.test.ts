import { rmSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { assistantTurn, at, chain, header, turnEntry, userTurn } from './entries.test-support.js';
import { forkSession } from './fork-session.js';
import { historyFromEntries } from './history-from-entries.js';
import { JsonlSessionStore } from './jsonl-session-store.js';
import type {
  LoadedSession,
  SessionEntry,
  SessionHeader,
  SessionStore,
  SessionSummary,
} from './session-store.js';
import { isSessionStoreError } from './session-store-error.js';

// u1 ─ a1 ─ u2 ─ a2
//         └─ u3 ─ a3
const parentEntries: SessionEntry[] = [
  ...chain(
    userTurn('u1', 'start'),
    assistantTurn('a1', 'ok'),
    userTurn('u2', 'left'),
    assistantTurn('a2', 'L'),
  ),
  {
    type: 'model_change',
    id: 'm1',
    parentId: 'a1',
    timestamp: at(5),
    provider: 'openai',
    model: 'gpt-5',
    profile: 'openai',
  },
  turnEntry(userTurn('u3', 'right'), 'm1'),
  turnEntry(assistantTurn('a3', 'R', { model: 'gpt-5' }), 'u3'),
];

async function parentStore(dir: string): Promise<JsonlSessionStore> {
  const store = new JsonlSessionStore({ directory: dir });
  await store.create(header('parent'));
  for (const entry of parentEntries) await store.append('parent', entry);
  return store;
}

describe('forkSession', () => {
  it('writes a new session naming its parent, holding the branch up to the entry', async () => {
    using dir = createTempDir('fork-');
    const store = await parentStore(dir.path);
    const now = () => new Date(at(100));

    const fork = await forkSession(store, 'parent', 'a2', 'child', { now });

    const loaded = await store.load('child');
    expect(loaded).toEqual({ ...fork, warnings: [] });
    expect(loaded.header).toEqual({
      ...header('child'),
      createdAt: at(100),
      parent: { sessionId: 'parent', entryId: 'a2' },
    });
    expect(loaded.entries.map((entry) => entry.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(historyFromEntries(loaded.entries)).toEqual(historyFromEntries(parentEntries, 'a2'));
  });

  it('from an entry of another branch, copies that branch only, its model change included', async () => {
    using dir = createTempDir('fork-');
    const store = await parentStore(dir.path);

    await forkSession(store, 'parent', 'u3', 'child');

    const { entries } = await store.load('child');
    expect(entries.map((entry) => entry.id)).toEqual(['u1', 'a1', 'm1', 'u3']);
    expect(historyFromEntries(entries).model?.model).toBe('gpt-5');
  });

  it('leaves the parent unchanged, resumes on its own, and outlives the parent file', async () => {
    using dir = createTempDir('fork-');
    const store = await parentStore(dir.path);
    const before = await store.load('parent');
    await forkSession(store, 'parent', 'a1', 'child');

    await store.append('child', turnEntry(userTurn('u9', 'continue here'), 'a1'));
    expect(await store.load('parent')).toEqual(before);
    rmSync(store.pathOf('parent'));

    expect(historyFromEntries((await store.load('child')).entries).turns.map((turn) => turn.id)).toEqual([
      'u1',
      'a1',
      'u9',
    ]);
    expect((await store.list()).map((summary) => summary.sessionId)).toEqual(['child']);
  });

  it('fails with UNKNOWN_ENTRY for an entry the session does not hold, and ALREADY_EXISTS for a taken id', async () => {
    using dir = createTempDir('fork-');
    const store = await parentStore(dir.path);

    await expect(forkSession(store, 'parent', 'nope', 'child')).rejects.toSatisfy((error) =>
      isSessionStoreError(error, 'UNKNOWN_ENTRY'),
    );
    await expect(forkSession(store, 'parent', 'a1', 'parent')).rejects.toSatisfy((error) =>
      isSessionStoreError(error, 'ALREADY_EXISTS'),
    );
  });

  it('works with any SessionStore through create and append', async () => {
    const store = new MemoryStore();
    await store.create(header('parent'));
    for (const entry of parentEntries) await store.append('parent', entry);
    store.calls.length = 0;

    await forkSession(store, 'parent', 'a2', 'child');

    expect(store.calls).toEqual([
      'create child',
      'append child u1',
      'append child a1',
      'append child u2',
      'append child a2',
    ]);
    expect((await store.load('child')).header.parent).toEqual({ sessionId: 'parent', entryId: 'a2' });
  });
});

/** The smallest SessionStore: what a host's own store (a database, say) would offer. */
class MemoryStore implements SessionStore {
  readonly calls: string[] = [];
  private readonly sessions = new Map<string, { header: SessionHeader; entries: SessionEntry[] }>();

  async create(header: SessionHeader): Promise<void> {
    this.calls.push(`create ${header.sessionId}`);
    this.sessions.set(header.sessionId, { header, entries: [] });
  }

  async append(sessionId: string, entry: SessionEntry): Promise<void> {
    this.calls.push(`append ${sessionId} ${entry.id}`);
    this.sessions.get(sessionId)?.entries.push(entry);
  }

  async load(sessionId: string): Promise<LoadedSession> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return { ...session, warnings: [] };
  }

  async list(): Promise<SessionSummary[]> {
    return [];
  }
}
