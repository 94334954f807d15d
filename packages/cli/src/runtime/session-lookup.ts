import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.js';

export interface LocatedSession {
  /** The store folder holding it. */
  directory: string;
  sessionId: string;
}

/**
 * Finds the session `idOrPrefix` names: an exact id or a unique prefix, looked for among this
 * directory's sessions first, then among every other directory's. Throws ConfigError when none or
 * several match.
 */
export async function locateSession(
  root: string,
  ownDirectory: string | undefined,
  idOrPrefix: string,
): Promise<LocatedSession> {
  if (ownDirectory) {
    const own = await matchesIn(ownDirectory, idOrPrefix);
    const found = pick(own, idOrPrefix);
    if (found) return found;
  }
  const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
  const everywhere: LocatedSession[] = [];
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const directory = join(root, folder.name);
    if (directory === ownDirectory) continue;
    everywhere.push(...(await matchesIn(directory, idOrPrefix)));
  }
  const found = pick(everywhere, idOrPrefix);
  if (found) return found;
  throw new ConfigError(
    `No saved session matches "${idOrPrefix}" (looked under ${root}); "weft sessions --all" lists them.`,
  );
}

async function matchesIn(directory: string, prefix: string): Promise<LocatedSession[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.jsonl') && name.startsWith(prefix))
    .map((name) => ({ directory, sessionId: name.slice(0, -'.jsonl'.length) }));
}

function pick(matches: LocatedSession[], idOrPrefix: string): LocatedSession | undefined {
  const exact = matches.find((match) => match.sessionId === idOrPrefix);
  if (exact) return exact;
  if (matches.length > 1) {
    const ids = matches
      .slice(0, 5)
      .map((match) => match.sessionId)
      .join(', ');
    throw new ConfigError(
      `"${idOrPrefix}" matches several sessions (${ids}${matches.length > 5 ? ', …' : ''}); give more of the id.`,
    );
  }
  return matches[0];
}
