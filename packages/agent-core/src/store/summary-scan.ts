import { open } from 'node:fs/promises';
import type { UserTurn } from '../history/turn.js';
import { SESSION_FORMAT_VERSION, type SessionEntry, type SessionHeader } from './session-store.js';

/**
 * What listing needs to know about one session file, gathered in one pass that can be resumed:
 * session files only grow (by whole lines), so a later scan starts at `offset` and reads only the
 * lines appended since.
 */
export interface SummaryState {
  /** Bytes of the file scanned: always the end of a complete line. */
  offset: number;
  header: Pick<SessionHeader, 'sessionId' | 'createdAt' | 'workingDirectory' | 'model'> | undefined;
  firstPrompt: string | undefined;
  /** Assistant turns seen (model calls made, on every branch). */
  turns: number;
  /** The model the session continues with: the header's, then each model_change's. */
  model: string | undefined;
  /** The last entry's timestamp. */
  updatedAt: string | undefined;
  /** Token sums per model, so costs are worked out with the catalog's prices at listing time. */
  usageByModel: Record<string, UsageSum>;
}

export interface UsageSum {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export function emptySummaryState(): SummaryState {
  return {
    offset: 0,
    header: undefined,
    firstPrompt: undefined,
    turns: 0,
    model: undefined,
    updatedAt: undefined,
    usageByModel: {},
  };
}

/** Characters of the first prompt kept for a listing. */
export const FIRST_PROMPT_MAX_CHARS = 200;
/** Bytes at the start of a line that say what it holds (the store writes those keys first). */
const PREFIX_BYTES = 512;
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads `path` from `state.offset` to its end and folds every complete line into a copy of
 * `state`. Only the lines listing needs are parsed: the header, model changes, assistant turns
 * (for usage) and user turns until the first prompt is known. Every other line, tool results
 * above all, which make up most of a session's bytes, is skipped after a look at its first bytes
 * (the type and the timestamp), so its bytes are read but never decoded or parsed. A line that
 * cannot be parsed is passed over: listing is best-effort, `load` reports corruption.
 */
export async function scanSummary(path: string, from: SummaryState): Promise<SummaryState> {
  const usageByModel = Object.fromEntries(
    Object.entries(from.usageByModel).map(([model, sum]) => [model, { ...sum }]),
  );
  const state: SummaryState = { ...from, usageByModel };
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let position = state.offset;
    let line = new LineReader();
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      let start = 0;
      while (start < bytesRead) {
        const newline = chunk.subarray(0, bytesRead).indexOf(NEWLINE, start);
        const end = newline === -1 ? bytesRead : newline;
        line.add(chunk.subarray(start, end));
        if (newline === -1) break;
        line.finish(state);
        state.offset = position + newline + 1;
        line = new LineReader();
        start = newline + 1;
      }
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return state;
}

/** One line, collected chunk by chunk; the bytes are kept only when the line must be parsed. */
class LineReader {
  private prefix = '';
  private decided: 'parse' | 'skip' | undefined;
  private readonly parts: Buffer[] = [];
  private parsedLength = 0;

  add(bytes: Buffer): void {
    // A skipped line's prefix is already known; the rest of its bytes are not needed.
    if (this.decided === 'skip') return;
    this.parts.push(Buffer.from(bytes));
    this.parsedLength += bytes.length;
    if (this.decided === undefined && this.parsedLength >= PREFIX_BYTES) this.decide();
  }

  finish(state: SummaryState): void {
    if (this.decided === undefined) this.decide();
    if (this.decided === 'parse') {
      applyLine(state, Buffer.concat(this.parts, this.parsedLength).toString('utf8'));
    } else {
      const timestamp = /"timestamp":"([^"\\]*)"/.exec(this.prefix)?.[1];
      if (timestamp !== undefined && state.header) state.updatedAt = timestamp;
    }
  }

  private decide(): void {
    this.prefix = Buffer.concat(this.parts, this.parsedLength).subarray(0, PREFIX_BYTES).toString('utf8');
    this.decided = needsParsing(this.prefix) ? 'parse' : 'skip';
    if (this.decided === 'skip') this.parts.length = 0;
  }
}

/** Whether a line with this beginning holds something listing needs; unrecognized lines are parsed. */
function needsParsing(prefix: string): boolean {
  const type = /^\{"type":"([a-z_]+)"/.exec(prefix)?.[1];
  if (type === 'effort_change' || type === 'compaction') return false;
  if (type !== 'turn') return true;
  const turnType = /"turn":\{"type":"([a-z_]+)"/.exec(prefix)?.[1];
  return turnType === undefined || turnType === 'assistant' || turnType === 'user';
}

function applyLine(state: SummaryState, text: string): void {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (value.type === 'header') {
    if (state.header !== undefined || value.version !== SESSION_FORMAT_VERSION) return;
    const header = value as unknown as SessionHeader;
    state.header = {
      sessionId: header.sessionId,
      createdAt: header.createdAt,
      workingDirectory: header.workingDirectory,
      model: header.model,
    };
    state.model = header.model;
    return;
  }
  // Lines before a valid header do not belong to a session this store can read.
  if (!state.header) return;
  const entry = value as unknown as SessionEntry;
  if (typeof entry.timestamp === 'string') state.updatedAt = entry.timestamp;
  if (entry.type === 'model_change' && typeof entry.model === 'string') state.model = entry.model;
  if (entry.type !== 'turn' || typeof entry.turn !== 'object' || entry.turn === null) return;
  const turn = entry.turn;
  if (turn.type === 'user' && state.firstPrompt === undefined) {
    state.firstPrompt = promptText(turn);
  } else if (turn.type === 'assistant') {
    state.turns++;
    const usage = turn.usage;
    const sum = state.usageByModel[turn.model] ?? {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    };
    state.usageByModel[turn.model] = sum;
    sum.inputTokens += usage?.inputTokens ?? 0;
    sum.outputTokens += usage?.outputTokens ?? 0;
    sum.cacheReadTokens += usage?.cacheReadTokens ?? 0;
    sum.cacheWriteTokens += usage?.cacheWriteTokens ?? 0;
  }
}

function promptText(turn: UserTurn): string {
  const text = (Array.isArray(turn.content) ? turn.content : [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= FIRST_PROMPT_MAX_CHARS ? text : `${text.slice(0, FIRST_PROMPT_MAX_CHARS - 1)}…`;
}
