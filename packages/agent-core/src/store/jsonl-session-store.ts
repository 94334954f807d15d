import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { appendLine, createFileAtomically } from './durable-file.js';
import { parseEntry, parseHeader, serializeEntry, serializeHeader } from './jsonl-format.js';
import type {
  LoadedSession,
  SessionEntry,
  SessionHeader,
  SessionStore,
  SessionSummary,
} from './session-store.js';
import { SessionStoreError } from './session-store-error.js';
import { toSessionSummary } from './session-summary.js';
import { readSummaryIndex, type SummaryIndex, writeSummaryIndex } from './summary-index.js';
import { emptySummaryState, scanSummary } from './summary-scan.js';

export interface JsonlSessionStoreOptions {
  /** The folder holding one `<sessionId>.jsonl` per session. Created on the first `create`. */
  directory: string;
  /**
   * Flush every write to disk before it resolves (fdatasync), so an entry survives a power cut
   * or an OS crash, not only the end of the process. Default true. With false an acknowledged
   * entry still survives the process being killed (it is in the kernel's page cache), and an
   * append costs microseconds instead of a disk flush.
   */
  fsync?: boolean;
}

/** Session ids name files: letters, digits, '.', '_' and '-', not starting with a dot. */
const SESSION_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
/** Files listed at once, so a folder of thousands of sessions does not exhaust file handles. */
const LIST_CONCURRENCY = 16;

/**
 * A {@link SessionStore} on JSONL files: `<directory>/<sessionId>.jsonl`, the versioned header on
 * the first line and one entry per line after it (see docs/session-store.md).
 *
 * - `create` writes the header all or nothing (a temporary file linked into place) and never
 *   replaces an existing session.
 * - `append` writes one line and flushes it before resolving; appends to one session run one at
 *   a time, in call order. A process killed at any instant loses at most the entry being written:
 *   its line is left without its '\n' (torn), `load` ignores it with a warning, and the next
 *   `append` to that session cuts it off before writing.
 * - `load` fails with a {@link SessionStoreError}: NOT_FOUND, UNSUPPORTED_VERSION, or CORRUPT for
 *   a broken line anywhere but the torn end.
 * - `list` is cheap: see {@link JsonlSessionStore.list}.
 *
 * One process writes a session at a time; two processes appending to the same session are not
 * coordinated.
 */
export class JsonlSessionStore implements SessionStore {
  readonly directory: string;
  private readonly fsync: boolean;
  /** The last pending append per session: the next one starts after it. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Sessions whose file end this instance has checked (and repaired) already. */
  private readonly checkedTails = new Set<string>();

  constructor(options: JsonlSessionStoreOptions) {
    this.directory = options.directory;
    this.fsync = options.fsync ?? true;
  }

  /** The file a session lives in. */
  pathOf(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) {
      throw new SessionStoreError(
        'INVALID_SESSION_ID',
        `Invalid session id ${JSON.stringify(sessionId)}: use letters, digits, '.', '_' and '-' (not starting with '.'), at most 200 characters.`,
        { sessionId },
      );
    }
    return join(this.directory, `${sessionId}.jsonl`);
  }

  /**
   * Starts a session file with its header and, optionally, entries (a fork's branch), all in one
   * atomic write. Rejects with ALREADY_EXISTS when the id is taken.
   */
  async create(header: SessionHeader, entries: readonly SessionEntry[] = []): Promise<void> {
    const path = this.pathOf(header.sessionId);
    const content = serializeHeader(header) + entries.map(serializeEntry).join('');
    const created = await this.io(header.sessionId, path, async () => {
      await mkdir(this.directory, { recursive: true });
      return createFileAtomically(path, content, this.fsync);
    });
    if (!created) {
      throw new SessionStoreError('ALREADY_EXISTS', `Session ${header.sessionId} already exists: ${path}`, {
        sessionId: header.sessionId,
        path,
      });
    }
    this.checkedTails.add(header.sessionId);
  }

  append(sessionId: string, entry: SessionEntry): Promise<void> {
    let path: string;
    let line: string;
    try {
      path = this.pathOf(sessionId);
      // Serialized now: the line is the entry as it was when append was called.
      line = serializeEntry(entry);
    } catch (error) {
      return Promise.reject(
        error instanceof SessionStoreError
          ? error
          : new SessionStoreError(
              'INVALID_ENTRY',
              `Entry ${entry.id} cannot be written as JSON: ${String(error)}`,
              {
                sessionId,
                cause: error,
              },
            ),
      );
    }
    const previous = this.queues.get(sessionId) ?? Promise.resolve();
    const next = previous.then(() => this.appendNow(sessionId, path, line));
    // The queue goes on after a failed append; the caller sees the failure through `next`.
    const settled = next.catch(() => undefined);
    this.queues.set(sessionId, settled);
    void settled.then(() => {
      if (this.queues.get(sessionId) === settled) this.queues.delete(sessionId);
    });
    return next;
  }

  private async appendNow(sessionId: string, path: string, line: string): Promise<void> {
    const repairTail = !this.checkedTails.has(sessionId);
    try {
      await this.io(sessionId, path, () => appendLine(path, line, { fsync: this.fsync, repairTail }));
      this.checkedTails.add(sessionId);
    } catch (error) {
      // A write that failed part way (a full disk) may have left a torn line: check again next time.
      this.checkedTails.delete(sessionId);
      throw error;
    }
  }

  async load(sessionId: string): Promise<LoadedSession> {
    const path = this.pathOf(sessionId);
    const text = await this.io(sessionId, path, () => readFile(path, 'utf8'));
    const warnings: string[] = [];
    const entries: SessionEntry[] = [];
    let header: SessionHeader | undefined;
    let start = 0;
    let lineNumber = 0;
    while (start < text.length) {
      lineNumber++;
      const newline = text.indexOf('\n', start);
      if (newline === -1) {
        // The writer stopped before the line's '\n': the entry was never acknowledged.
        warnings.push(
          `Ignored a torn last line (line ${lineNumber}, ${Buffer.byteLength(text.slice(start))} bytes) of ${path}: its write was cut short.`,
        );
        break;
      }
      const line = text.slice(start, newline);
      start = newline + 1;
      const context = { sessionId, path, line: lineNumber };
      if (header === undefined) header = parseHeader(line, context);
      else if (line.trim().length > 0) entries.push(parseEntry(line, context));
    }
    if (header === undefined) {
      throw new SessionStoreError('CORRUPT', `Session ${sessionId} has no header line: ${path}`, {
        sessionId,
        path,
        line: 1,
      });
    }
    return { header, entries, warnings };
  }

  /**
   * The sessions in the folder, newest activity first. Cheap: per session file it reads the bytes
   * appended since the last listing (see summary-index.ts) and parses only the lines a summary
   * needs (header, user and assistant turns, model changes), skipping tool results after their
   * first bytes. Files that are not readable sessions (no valid header) are left out.
   */
  async list(): Promise<SessionSummary[]> {
    let names: string[];
    try {
      names = (await readdir(this.directory)).filter((name) => name.endsWith('.jsonl'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new SessionStoreError('IO_ERROR', `Cannot list sessions in ${this.directory}: ${String(error)}`, {
        cause: error,
      });
    }
    const index = await readSummaryIndex(this.directory);
    const next: SummaryIndex = {};
    let changed = Object.keys(index).length !== names.length;
    await forEachLimited(names, LIST_CONCURRENCY, async (name) => {
      const path = join(this.directory, name);
      try {
        const { ino, size } = await stat(path);
        const cached = index[name];
        const reusable = cached !== undefined && cached.ino === ino && cached.state.offset <= size;
        let state = reusable ? cached.state : emptySummaryState();
        if (!reusable || state.offset < size) {
          state = await scanSummary(path, state);
          changed = true;
        }
        next[name] = { ino, state };
      } catch {
        // Deleted or unreadable since readdir: not listed.
      }
    });
    if (changed) await writeSummaryIndex(this.directory, next);
    return Object.values(next)
      .map((file) => toSessionSummary(file.state))
      .filter((summary): summary is SessionSummary => summary !== undefined)
      .sort(newestFirst);
  }

  /** Runs a file operation, turning system errors into SessionStoreErrors. */
  private async io<T>(sessionId: string, path: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof SessionStoreError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        throw new SessionStoreError('NOT_FOUND', `No session ${sessionId} in ${this.directory}`, {
          sessionId,
          path,
          cause: error,
        });
      }
      throw new SessionStoreError('IO_ERROR', `Session ${sessionId}: ${String(error)}`, {
        sessionId,
        path,
        cause: error,
      });
    }
  }
}

function newestFirst(a: SessionSummary, b: SessionSummary): number {
  const time = (iso: string) => Date.parse(iso) || 0;
  return time(b.updatedAt) - time(a.updatedAt) || (a.sessionId < b.sessionId ? -1 : 1);
}

async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
