import { branchTo } from './history-from-entries.js';
import { JsonlSessionStore } from './jsonl-session-store.js';
import type { LoadedSession, SessionHeader, SessionStore } from './session-store.js';

export interface ForkOptions {
  /** The fork's creation time. Default now. */
  now?: () => Date;
}

/**
 * Starts session `newSessionId` from entry `entryId` of session `sessionId`: a new file whose
 * header names its parent (`parent: { sessionId, entryId }`) and holds the branch from the root
 * to `entryId`, the entries copied unchanged (ids included), so `historyFromEntries` on the fork
 * gives the history the parent had at that entry. Resuming the fork continues from `entryId`.
 *
 * The fork copies the branch rather than referring to the parent's file: a fork then loads,
 * lists and resumes on its own, and deleting, moving or damaging the parent never breaks it. The
 * cost is the branch's bytes written again, once. The parent is not changed.
 *
 * With a JsonlSessionStore the fork is written in one atomic, flushed file write; any other
 * store gets `create` and one `append` per entry. Returns the fork as `load` would.
 */
export async function forkSession(
  store: SessionStore,
  sessionId: string,
  entryId: string,
  newSessionId: string,
  options: ForkOptions = {},
): Promise<LoadedSession> {
  const source = await store.load(sessionId);
  const branch = branchTo(source.entries, entryId);
  const header: SessionHeader = {
    ...source.header,
    sessionId: newSessionId,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    parent: { sessionId, entryId },
  };
  if (store instanceof JsonlSessionStore) {
    await store.create(header, branch);
  } else {
    await store.create(header);
    for (const entry of branch) await store.append(newSessionId, entry);
  }
  return { header, entries: branch, warnings: source.warnings };
}
