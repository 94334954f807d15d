import type { ReasoningEffort } from '@weft/llm';
import type { Turn } from '../history/turn.js';

/**
 * Durable sessions. A session is an append-only list of entries, each with an id and the id of
 * the entry before it, so a file holds a tree: resuming continues from the last entry, forking
 * continues from any earlier one. An entry is written (and flushed) before the event that
 * announces it is emitted.
 */
export interface SessionStore {
  /** Starts a new session file with its header. */
  create(header: SessionHeader): Promise<void>;
  /** Appends an entry; resolves once it is durable. */
  append(sessionId: string, entry: SessionEntry): Promise<void>;
  /** Reads a session back. A torn last line is skipped and reported in `warnings`. */
  load(sessionId: string): Promise<LoadedSession>;
  /** Sessions in the store, newest first. */
  list(): Promise<SessionSummary[]>;
}

export const SESSION_FORMAT_VERSION = 1;

export interface SessionHeader {
  type: 'header';
  version: number;
  sessionId: string;
  /** ISO 8601. */
  createdAt: string;
  workingDirectory: string;
  profile: string;
  provider: string;
  model: string;
  /** Set on a fork: where it came from. */
  parent?: { sessionId: string; entryId: string };
}

export type SessionEntry = TurnEntry | ModelChangeEntry | EffortChangeEntry | CompactionEntry;

interface EntryBase {
  id: string;
  /** The entry this one follows; null for the first. */
  parentId: string | null;
  /** ISO 8601. */
  timestamp: string;
}

export interface TurnEntry extends EntryBase {
  type: 'turn';
  turn: Turn;
}

export interface ModelChangeEntry extends EntryBase {
  type: 'model_change';
  provider: string;
  model: string;
  profile: string;
}

export interface EffortChangeEntry extends EntryBase {
  type: 'effort_change';
  reasoningEffort: ReasoningEffort | null;
}

/** A compaction: the summary turn that replaces the turns before `firstKeptEntryId` on this branch. */
export interface CompactionEntry extends EntryBase {
  type: 'compaction';
  summaryTurn: Turn;
  firstKeptEntryId: string | undefined;
}

export interface LoadedSession {
  header: SessionHeader;
  entries: SessionEntry[];
  warnings: string[];
}

export interface SessionSummary {
  sessionId: string;
  createdAt: string;
  updatedAt: string;
  workingDirectory: string;
  firstPrompt: string;
  /** Model calls made. */
  turns: number;
  model: string;
  /** Dollars, from the model catalog's prices; undefined when a model has no price. */
  costUsd: number | undefined;
}
