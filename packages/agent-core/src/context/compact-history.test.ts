import { RateLimitError } from '@weft/llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Turn } from '../history/turn.js';
import type { CompactionEntry, SessionEntry } from '../store/session-store.js';
import { type CompactHistoryOptions, compactHistory } from './compact-history.js';
import { compactIfNeeded } from './compact-if-needed.js';
import { compactionEntryFor } from './compaction-entry.js';
import { CompactionError } from './compaction-error.js';
import { CompactionLock } from './compaction-lock.js';
import {
  assistant,
  calls,
  MODELS,
  resultsFor,
  type ServerAndClient,
  snapshot,
  startServerAndClient,
  summary,
  system,
  user,
} from './context.test-support.js';
import { estimateTokens } from './estimate-tokens.js';
import { summaryTurnText } from './summary-text.js';

const SUMMARY = '## Goal\nShip the parser.\n\n## Next steps\n1. Run the tests.';
const answer = (text: string) => ({ content: [{ type: 'text' as const, text }] });

/** `count` alternating user / assistant turns, each `tokens` tokens, marked T00, T01, … */
function conversation(count: number, prefix = 'T', tokens = 10): Turn[] {
  return Array.from({ length: count }, (_, i) => {
    const text = `${prefix}${String(i).padStart(2, '0')} ${'-'.repeat(tokens * 4 - 4)}`;
    return i % 2 === 0 ? user(text) : assistant(text);
  });
}

/** The text the summariser was asked to read, from the recorded request. */
const askedText = (h: ServerAndClient, index: number): string =>
  h.server.requests[index]?.view.messages.at(-1)?.text ?? '';

let h: ServerAndClient;
let options: (history: readonly Turn[], extra?: Partial<CompactHistoryOptions>) => CompactHistoryOptions;

beforeEach(async () => {
  h = await startServerAndClient();
  options = (history, extra = {}) => ({
    history,
    client: h.client,
    provider: 'anthropic',
    model: MODELS.anthropic,
    config: { reserveTokens: 1_000, keepRecentTokens: 100 },
    retry: { maxRetries: 0 },
    ...extra,
  });
});
afterEach(async () => {
  await h.close();
});

describe('window and keep-recent policy (seed 004 §J.12 2)', () => {
  it('2.1 below the threshold: no compaction and no model call', async () => {
    h.server.enqueue(answer(SUMMARY));
    const history = conversation(10);
    const config = { enabled: true, reserveTokens: 16_384, keepRecentTokens: 20_000 };
    expect(await compactIfNeeded({ ...options(history), config, contextWindow: 100_000 })).toBeUndefined();
    expect(h.server.requests).toHaveLength(0);
    expect(h.server.pendingTurns).toBe(1);
  });

  it('2.2 above the threshold: the 20 newest turns kept verbatim, the 30 before them replaced by the summary', async () => {
    h.server.enqueue(answer(SUMMARY));
    const history = conversation(50, 'T', 100); // 5,000 tokens
    const config = { enabled: true, reserveTokens: 2_000, keepRecentTokens: 2_000 };
    const result = await compactIfNeeded({ ...options(history), config, contextWindow: 6_000 });
    if (!result) throw new Error('expected a compaction');

    expect(result.replacedTurns).toBe(30);
    expect(result.keptTurns).toHaveLength(20);
    expect(result.keptTurns.every((turn, i) => turn === history[30 + i])).toBe(true); // the same objects
    expect(result.history).toEqual([result.summaryTurn, ...result.keptTurns]);
    expect(result.summaryTurn).toMatchObject({
      type: 'summary',
      summary: SUMMARY,
      replacedTurns: 30,
      firstKeptTurnId: history[30]?.id,
    });
    expect(result.tokensBefore).toBe(5_000);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore);

    const request = h.server.requests[0];
    expect(request?.view.tools).toEqual([]);
    expect(request?.view.system).toContain('working memory of a coding agent');
    const asked = askedText(h, 0);
    for (let i = 0; i < 30; i++) expect(asked).toContain(`T${String(i).padStart(2, '0')} `);
    for (let i = 30; i < 50; i++) expect(asked).not.toContain(`T${i} `);
    for (const heading of [
      '## Goal',
      '## Constraints and preferences',
      '## Progress',
      '## Key decisions',
      '## Next steps',
      '## Critical context',
    ]) {
      expect(asked).toContain(heading);
    }
  });

  it('2.3 system turns are never summarised away: they stay verbatim at the front, across updates', async () => {
    const note = 'Answer in French.\nNever touch vendor/.';
    h.server.enqueue(answer(SUMMARY), answer('## Goal\nUpdated, and the model forgot the note.'));
    const first = await compactHistory(options([system(note), ...conversation(20)]));
    expect(first.history[0]).toBe(first.summaryTurn);
    expect(first.summaryTurn.summary.startsWith(SUMMARY)).toBe(true);
    expect(first.summaryTurn.summary).toContain(`<note>\n${note}\n</note>`);
    expect(askedText(h, 0)).not.toContain('Never touch vendor/'); // carried by code, not paraphrased by the model

    const second = await compactHistory(options([...first.history, ...conversation(20, 'N')]));
    expect(second.summaryTurn.summary).toContain(`<note>\n${note}\n</note>`);
    expect(askedText(h, 1)).not.toContain('Never touch vendor/');
  });
});

describe('failure fallback and guards (seed 004 §J.12 3)', () => {
  const bigRounds = (): Turn[] => {
    const call = calls({ name: 'read_file', arguments: { file_path: 'big.log' } });
    return [
      user('Find the error in big.log'),
      call,
      resultsFor(call, () => `${'A'.repeat(1_500)}${'B'.repeat(1_500)}`),
      ...conversation(12),
    ];
  };

  it('3.1 a summary request that overflows is sent once more with tool output cut harder, then succeeds', async () => {
    h.server.enqueue({ error: { kind: 'context_overflow' } }, answer(SUMMARY));
    const result = await compactHistory(options(bigRounds()));
    expect(result.usedFallback).toBe(true);
    expect(h.server.requests).toHaveLength(2);
    expect(askedText(h, 0)).toContain(
      `${'A'.repeat(1_000)}\n[... 1000 characters omitted ...]\n${'B'.repeat(1_000)}`,
    );
    expect(askedText(h, 1)).toContain(
      `${'A'.repeat(100)}\n[... 2800 characters omitted ...]\n${'B'.repeat(100)}`,
    );
  });

  it('3.1 a summary request that overflows twice fails without retrying forever, the history untouched', async () => {
    h.server.enqueue(
      { error: { kind: 'context_overflow' } },
      { error: { kind: 'context_overflow' } },
      answer(SUMMARY),
    );
    const history = bigRounds();
    const before = snapshot(history);
    const failure = await compactHistory(options(history)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CompactionError);
    expect(failure).toMatchObject({ code: 'summary_failed', retryable: false });
    expect(h.server.requests).toHaveLength(2);
    expect(history).toEqual(before);
  });

  it('3.2 the lock lets one compaction run at a time: a second is refused with in_progress, without a model call', async () => {
    h.server.enqueue({ ...answer(SUMMARY), headerDelayMs: 50 }, answer(SUMMARY));
    const lock = new CompactionLock();
    const history = conversation(20);
    const first = compactHistory(options(history, { lock }));
    const second = compactHistory(options(history, { lock }));
    await expect(second).rejects.toMatchObject({ name: 'CompactionError', code: 'in_progress' });
    expect(lock.held).toBe(true);
    await first;
    expect(h.server.requests).toHaveLength(1);
    expect(lock.held).toBe(false);
    await compactHistory(options(history, { lock })); // free again once the first is done
    expect(h.server.requests).toHaveLength(2);
  });

  it('3.2 the lock is released when a compaction fails', async () => {
    h.server.enqueue({ error: { kind: 'server' } });
    const lock = new CompactionLock();
    await expect(compactHistory(options(conversation(20), { lock }))).rejects.toBeInstanceOf(CompactionError);
    expect(lock.held).toBe(false);
  });

  it('3.3 the result is recorded as a compaction entry that rebuilds the compacted history', async () => {
    h.server.enqueue(answer(SUMMARY));
    const history = conversation(20);
    const result = await compactHistory(options(history));
    const entries: SessionEntry[] = history.map((turn, i) => ({
      type: 'turn',
      id: turn.id,
      parentId: history[i - 1]?.id ?? null,
      timestamp: turn.timestamp,
      turn,
    }));
    const entry = compactionEntryFor(result, { parentId: history.at(-1)?.id ?? null });
    expect(entry).toMatchObject({
      type: 'compaction',
      id: result.summaryTurn.id,
      summaryTurn: result.summaryTurn,
      firstKeptEntryId: history[10]?.id,
    });
    // The store contract: the compaction's summary replaces every turn before firstKeptEntryId.
    const rebuild = (all: SessionEntry[], compaction: CompactionEntry): Turn[] => {
      const turns = all.flatMap((e) => (e.type === 'turn' ? [e.turn] : []));
      return [
        compaction.summaryTurn,
        ...turns.slice(turns.findIndex((t) => t.id === compaction.firstKeptEntryId)),
      ];
    };
    expect(rebuild([...entries, entry], entry)).toEqual(result.history);
  });
});

describe('incremental update of an earlier summary', () => {
  it('sends the previous summary and only the turns after it, never the turns it replaced', async () => {
    h.server.enqueue(answer(SUMMARY), answer('## Goal\nShip the parser, then the printer.'));
    const first = await compactHistory(options(conversation(20, 'T')));
    // first.history: the summary, then T10–T19; the session goes on with N00–N19.
    const second = await compactHistory(options([...first.history, ...conversation(20, 'N')]));

    const asked = askedText(h, 1);
    expect(asked).toContain(`<previous-summary>\n${SUMMARY}\n</previous-summary>`);
    for (let i = 0; i < 10; i++) expect(asked).not.toContain(`T0${i} `);
    for (let i = 10; i < 20; i++) expect(asked).toContain(`T${i} `);
    for (let i = 0; i < 10; i++) expect(asked).toContain(`N0${i} `);
    for (let i = 10; i < 20; i++) expect(asked).not.toContain(`N${i} `);
    expect(second.summaryTurn.summary).toBe('## Goal\nShip the parser, then the printer.');
    expect(second.replacedTurns).toBe(21); // the first summary, T10–T19, N00–N09
  });

  it('updates a previous summary the session keeps outside the history', async () => {
    h.server.enqueue(answer(SUMMARY));
    await compactHistory(
      options(conversation(20), { previousSummary: summary('## Goal\nEarlier goal.', { read: ['old.ts'] }) }),
    );
    expect(askedText(h, 0)).toContain('<previous-summary>\n## Goal\nEarlier goal.\n</previous-summary>');
  });

  it('carries the files read and modified, the earlier summary’s lists included', async () => {
    h.server.enqueue(answer(SUMMARY), answer(SUMMARY));
    const round = (...callArgs: Parameters<typeof calls>): Turn[] => {
      const call = calls(...callArgs);
      return [user('next'), call, resultsFor(call, () => 'ok')];
    };
    const first = await compactHistory(
      options([
        ...round(
          { name: 'read_file', arguments: { file_path: 'a.ts' } },
          { name: 'edit_file', arguments: { file_path: 'b.ts' } },
        ),
        ...conversation(10),
      ]),
    );
    expect(first.summaryTurn).toMatchObject({ readFiles: ['a.ts'], modifiedFiles: ['b.ts'] });

    const second = await compactHistory(
      options([
        ...first.history,
        ...round(
          { name: 'read_file', arguments: { file_path: 'c.ts' } },
          { name: 'edit_file', arguments: { file_path: 'a.ts' } },
        ),
        ...conversation(10, 'N'),
      ]),
    );
    expect(second.summaryTurn).toMatchObject({ readFiles: ['c.ts'], modifiedFiles: ['b.ts', 'a.ts'] });
    expect(summaryTurnText(second.summaryTurn)).toContain('<modified-files>\nb.ts\na.ts\n</modified-files>');
  });
});

describe('failures leave the history as it was', () => {
  it('a 429 during compaction rejects with a retryable CompactionError and no half-compacted history', async () => {
    h.server.enqueue({ error: { kind: 'rate_limit', retryAfterSeconds: 1 } });
    const history = conversation(20);
    const frozen = Object.freeze([...history]);
    const before = snapshot(history);
    const failure = await compactHistory(options(frozen)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'CompactionError', code: 'summary_failed', retryable: true });
    expect((failure as CompactionError).cause).toBeInstanceOf(RateLimitError);
    expect(history).toEqual(before);
  });

  it('a 429 is retried by the retry policy and the compaction then completes', async () => {
    h.server.enqueue({ error: { kind: 'rate_limit' } }, answer(SUMMARY));
    const waits: number[] = [];
    const result = await compactHistory(
      options(conversation(20), { retry: { maxRetries: 2, sleep: async (ms) => void waits.push(ms) } }),
    );
    expect(result.summaryTurn.summary).toBe(SUMMARY);
    expect(h.server.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('an abort rejects with aborted', async () => {
    h.server.enqueue({ ...answer(SUMMARY), headerDelayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    await expect(
      compactHistory(options(conversation(20), { signal: controller.signal })),
    ).rejects.toMatchObject({ code: 'aborted' });
  });

  it('an empty answer is not a summary', async () => {
    h.server.enqueue({ content: [] });
    await expect(compactHistory(options(conversation(20)))).rejects.toMatchObject({ code: 'empty_summary' });
  });

  it('a history that fits the keep budget, or holds only an earlier summary before the cut, has nothing to compact', async () => {
    h.server.enqueue(answer(SUMMARY));
    await expect(compactHistory(options(conversation(4)))).rejects.toMatchObject({
      code: 'nothing_to_compact',
    });
    const onlySummary = [summary('x'.repeat(400)), ...conversation(10)];
    await expect(compactHistory(options(onlySummary))).rejects.toMatchObject({ code: 'nothing_to_compact' });
    expect(h.server.requests).toHaveLength(0);
  });
});

describe('the summary request', () => {
  it('carries the host’s focus, and a max_tokens of 80% of the reserve', async () => {
    h.server.enqueue(answer(SUMMARY));
    await compactHistory(options(conversation(20), { instructions: 'the database migration' }));
    expect(askedText(h, 0)).toContain('pay particular attention to: the database migration');
    expect(h.server.requests[0]?.body.max_tokens).toBe(800);
  });

  it('cuts the transcript to fit the context window when one is given', async () => {
    h.server.enqueue(answer(SUMMARY));
    const call = calls({ name: 'read_file', arguments: { file_path: 'a.ts' } });
    const history = [user('start'), call, resultsFor(call, () => 'z'.repeat(1_900)), ...conversation(60)];
    await compactHistory(
      options(history, { contextWindow: 1_500, config: { reserveTokens: 500, keepRecentTokens: 100 } }),
    );
    const asked = askedText(h, 0);
    expect(asked).toContain('characters omitted');
    expect(asked).toContain('[User]: start'); // the beginning and the end of the replaced part survive
    expect(asked).toContain('T49 ');
    expect(estimateTokens(asked) + estimateTokens(h.server.requests[0]?.view.system ?? '')).toBeLessThan(
      1_500 - 400,
    );
  });
});
