import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionSummary } from '@weft/agent-core';
import type { RunConfig } from '../config/run-config.js';
import { JsonlSessionStore } from './agent-core.js';

/** A saved session as `weft sessions` lists it. */
export interface ListedSession extends SessionSummary {
  /** The store folder it is saved in. */
  directory: string;
}

/**
 * The sessions saved for the run's directory, newest first; with `all`, every directory's. Reads
 * only what the store's cheap listing reads (its summary index and the files' new tails).
 */
export async function listSessions(
  config: Pick<RunConfig, 'sessionsDirectory' | 'sessionsRoot'>,
  options: { all?: boolean } = {},
): Promise<ListedSession[]> {
  const directories = options.all
    ? (await readdir(config.sessionsRoot, { withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(config.sessionsRoot, entry.name))
    : config.sessionsDirectory
      ? [config.sessionsDirectory]
      : [];
  const lists = await Promise.all(
    directories.map(async (directory) => {
      const summaries = await new JsonlSessionStore({ directory, fsync: false }).list().catch(() => []);
      return summaries.map((summary) => ({ ...summary, directory }));
    }),
  );
  return lists.flat().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
