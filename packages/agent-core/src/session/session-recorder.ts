import { estimateHistoryTokens, estimateTurnTokens } from '../context/history-tokens.js';
import type { Turn } from '../history/turn.js';
import type { SessionEntry, SessionHeader, SessionStore } from '../store/session-store.js';
import { StoreWriteError } from './session-errors.js';

/**
 * A session's history and its durable copy. Every write goes through one chain, so entries reach
 * the store in the order they were made and each names the one before it (`parentId`), whoever
 * made it (the loop, or the host changing the model mid-turn). A turn joins the in-memory history
 * only once the store has it: what a host is told about is always on disk.
 */
export class SessionRecorder {
  private turns: Turn[];
  private leaf: string | null;
  private chain: Promise<void> = Promise.resolve();
  private tokens: number;
  private assistantTurns: number;

  constructor(
    private readonly store: SessionStore | undefined,
    private readonly sessionId: string,
    history: readonly Turn[],
    leafEntryId: string | null,
  ) {
    this.turns = [...history];
    this.leaf = leafEntryId;
    this.tokens = estimateHistoryTokens(this.turns);
    this.assistantTurns = countAssistantTurns(this.turns);
  }

  get history(): readonly Turn[] {
    return this.turns;
  }

  /** The id of the last entry written: where the next one attaches. */
  get leafEntryId(): string | null {
    return this.leaf;
  }

  /** Estimated tokens of the history, kept up to date as turns are added. */
  get historyTokens(): number {
    return this.tokens;
  }

  /** Assistant turns in the history: the model calls of the session. */
  get modelCalls(): number {
    return this.assistantTurns;
  }

  /** Writes the session's header; queued first, before any entry. */
  createHeader(header: SessionHeader): Promise<void> {
    return this.enqueue(async () => {
      await this.store?.create(header);
    });
  }

  /** Writes `turn` as an entry, then appends it to history. */
  appendTurn(turn: Turn): Promise<void> {
    return this.enqueue(async () => {
      await this.write({ type: 'turn', id: turn.id, parentId: this.leaf, timestamp: turn.timestamp, turn });
      this.turns.push(turn);
      this.tokens += estimateTurnTokens(turn);
      if (turn.type === 'assistant') this.assistantTurns++;
    });
  }

  /** Writes a non-turn entry (a model or effort change) made by `make` from the current leaf. */
  appendEntry(make: (parentId: string | null) => SessionEntry): Promise<void> {
    return this.enqueue(() => this.write(make(this.leaf)));
  }

  /** Writes a compaction entry, then replaces the history with the compacted one. */
  replaceHistory(entry: (parentId: string | null) => SessionEntry, history: readonly Turn[]): Promise<void> {
    return this.enqueue(async () => {
      await this.write(entry(this.leaf));
      this.turns = [...history];
      this.tokens = estimateHistoryTokens(this.turns);
      // The model calls the summary replaced still count toward `maxTurns`: the count stays.
    });
  }

  /** Resolves once every write queued so far has settled. */
  flush(): Promise<void> {
    return this.chain;
  }

  private async write(entry: SessionEntry): Promise<void> {
    if (this.store) {
      try {
        await this.store.append(this.sessionId, entry);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StoreWriteError(
          `Writing ${entry.type} entry ${entry.id} to the session store failed: ${reason}`,
          {
            cause: error,
          },
        );
      }
    }
    this.leaf = entry.id;
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task);
    // The chain goes on after a failed write; the failure reaches the caller of that write.
    this.chain = run.catch(() => {});
    return run;
  }
}

function countAssistantTurns(turns: readonly Turn[]): number {
  let count = 0;
  for (const turn of turns) if (turn.type === 'assistant') count++;
  return count;
}
