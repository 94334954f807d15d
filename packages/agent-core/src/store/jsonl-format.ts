import { SESSION_FORMAT_VERSION, type SessionEntry, type SessionHeader } from './session-store.js';
import { SessionStoreError } from './session-store-error.js';

/**
 * The JSONL session file: the header on the first line, then one entry per line, each line a
 * JSON object ended by '\n'. JSON.stringify escapes every newline inside strings, so a line is
 * always one record. Lines are split on '\n' only (U+2028 and U+2029 are ordinary characters).
 */

const ENTRY_TYPES: ReadonlySet<string> = new Set(['turn', 'model_change', 'effort_change', 'compaction']);

export function serializeHeader(header: SessionHeader): string {
  return `${JSON.stringify(keysFirst({ type: 'header', version: header.version, sessionId: header.sessionId }, header))}\n`;
}

/**
 * One entry as a line. The keys that say what the line is (type, id, parentId, timestamp and, for
 * a turn, the turn's type) come first, whatever order the caller built the object in: listing
 * reads only the start of each line to decide whether it needs the rest.
 */
export function serializeEntry(entry: SessionEntry): string {
  const head = { type: entry.type, id: entry.id, parentId: entry.parentId, timestamp: entry.timestamp };
  const line = keysFirst(head, entry);
  if (entry.type === 'turn') line.turn = keysFirst({ type: entry.turn.type }, entry.turn);
  return `${JSON.stringify(line)}\n`;
}

/** `rest`'s properties with `first`'s keys leading (assignment keeps a key where it first appeared). */
function keysFirst(first: object, rest: object): Record<string, unknown> {
  const ordered: Record<string, unknown> = { ...first };
  return Object.assign(ordered, rest);
}

interface LineContext {
  sessionId: string;
  path: string;
  /** 1-based. */
  line: number;
}

/** Parses and checks the first line. */
export function parseHeader(text: string, context: LineContext): SessionHeader {
  const value = parseObject(text, context, 'header');
  if (value.type !== 'header') {
    throw corrupt(context, `the first line is not a session header (type ${JSON.stringify(value.type)})`);
  }
  if (value.version !== SESSION_FORMAT_VERSION) {
    throw new SessionStoreError(
      'UNSUPPORTED_VERSION',
      `Session ${context.sessionId} has format version ${JSON.stringify(value.version)}; this version of Weft reads version ${SESSION_FORMAT_VERSION}.`,
      context,
    );
  }
  for (const key of ['sessionId', 'createdAt', 'workingDirectory', 'profile', 'provider', 'model']) {
    if (typeof value[key] !== 'string') throw corrupt(context, `the header has no string "${key}"`);
  }
  return value as unknown as SessionHeader;
}

/** Parses and checks an entry line: the shape every entry shares and the fields of its type. */
export function parseEntry(text: string, context: LineContext): SessionEntry {
  const value = parseObject(text, context, 'entry');
  if (typeof value.type !== 'string' || !ENTRY_TYPES.has(value.type)) {
    throw corrupt(context, `unknown entry type ${JSON.stringify(value.type)}`);
  }
  if (typeof value.id !== 'string' || value.id.length === 0) throw corrupt(context, 'the entry has no id');
  if (value.parentId !== null && typeof value.parentId !== 'string') {
    throw corrupt(context, "the entry's parentId is neither a string nor null");
  }
  if (typeof value.timestamp !== 'string') throw corrupt(context, 'the entry has no timestamp');
  const missing = missingField(value);
  if (missing) throw corrupt(context, `the ${value.type} entry has no ${missing}`);
  return value as unknown as SessionEntry;
}

function missingField(value: Record<string, unknown>): string | undefined {
  switch (value.type) {
    case 'turn':
      return isTurnLike(value.turn) ? undefined : 'turn';
    case 'model_change':
      return ['provider', 'model', 'profile'].find((key) => typeof value[key] !== 'string');
    case 'effort_change':
      return value.reasoningEffort === null || typeof value.reasoningEffort === 'string'
        ? undefined
        : 'reasoningEffort';
    case 'compaction':
      return isTurnLike(value.summaryTurn) ? undefined : 'summaryTurn';
    default:
      return undefined;
  }
}

function isTurnLike(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).type === 'string' &&
    typeof (value as Record<string, unknown>).id === 'string'
  );
}

function parseObject(text: string, context: LineContext, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(context, `the ${what} is not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw corrupt(context, `the ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function corrupt(context: LineContext, reason: string, cause?: unknown): SessionStoreError {
  return new SessionStoreError(
    'CORRUPT',
    `Session ${context.sessionId} is corrupt at line ${context.line} of ${context.path}: ${reason}.`,
    { ...context, ...(cause === undefined ? {} : { cause }) },
  );
}
