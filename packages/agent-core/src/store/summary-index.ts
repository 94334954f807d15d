import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SummaryState } from './summary-scan.js';

/**
 * A cache of listing summaries, one file per store folder. It holds, per session file, the
 * file's inode and the resumable scan state; a listing rescans only the bytes appended since. It
 * trusts that session files change only by appends (as this store writes them): a file replaced
 * under the same name gets a new inode and is scanned afresh, and deleting the index rebuilds it.
 */
export const SUMMARY_INDEX_FILE = '.session-index.json';
const INDEX_VERSION = 1;

export interface IndexedSummary {
  ino: number;
  state: SummaryState;
}

export type SummaryIndex = Record<string, IndexedSummary>;

/** The index of `directory`, or an empty one when it is missing, unreadable or of another version. */
export async function readSummaryIndex(directory: string): Promise<SummaryIndex> {
  try {
    const value = JSON.parse(await readFile(join(directory, SUMMARY_INDEX_FILE), 'utf8')) as {
      version?: unknown;
      files?: unknown;
    };
    if (value.version !== INDEX_VERSION || typeof value.files !== 'object' || value.files === null) return {};
    return value.files as SummaryIndex;
  } catch {
    return {};
  }
}

/**
 * Replaces the index (write and rename, so a reader never sees half of it). Failures are
 * ignored: the index is a cache, and a read-only folder must still list.
 */
export async function writeSummaryIndex(directory: string, files: SummaryIndex): Promise<void> {
  const path = join(directory, SUMMARY_INDEX_FILE);
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify({ version: INDEX_VERSION, files }));
    await rename(temporary, path);
  } catch {
    await unlink(temporary).catch(() => undefined);
  }
}
