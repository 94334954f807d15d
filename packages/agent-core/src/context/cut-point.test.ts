import { describe, expect, it } from 'vitest';
import type { Turn } from '../history/turn.js';
import { assistant, calls, resultsFor, summary, user } from './context.test-support.js';
import { findCutPoint } from './cut-point.js';
import { estimateHistoryTokens } from './history-tokens.js';

const text = (tokens: number): string => 'x'.repeat(tokens * 4);

describe('findCutPoint', () => {
  it('keeps at least the keep-recent budget, cutting at the latest boundary that does', () => {
    const turns = [
      user(text(100)),
      assistant(text(100)),
      user(text(100)),
      assistant(text(100)),
      user(text(100)),
      assistant(text(100)),
    ];
    expect(findCutPoint(turns, 250)).toBe(3); // keeps 300: 200 would be too little
    expect(findCutPoint(turns, 300)).toBe(3);
    expect(findCutPoint(turns, 301)).toBe(2);
  });

  it('never starts the kept part with tool results: the calls they answer stay with them', () => {
    const call = calls(
      { name: 'read_file', arguments: { file_path: 'a.ts' } },
      { name: 'read_file', arguments: { file_path: 'b.ts' } },
    );
    const turns = [user(text(100)), call, resultsFor(call, () => text(100)), assistant(text(10))];
    // 10 + 100 reaches the budget at the tool results; the cut moves back to their assistant turn.
    const cut = findCutPoint(turns, 50);
    expect(cut).toBe(1);
    expect(turns[cut ?? 0]).toBe(call);
  });

  it('holds for every budget over a history of tool rounds', () => {
    const turns: Turn[] = [user(text(30))];
    for (let round = 0; round < 6; round++) {
      const call = calls({ name: 'read_file', arguments: { file_path: `f${round}.ts` } });
      turns.push(
        call,
        resultsFor(call, () => text(20 + round * 7)),
      );
    }
    turns.push(assistant(text(15)));
    for (let budget = 0; budget <= estimateHistoryTokens(turns); budget += 3) {
      const cut = findCutPoint(turns, budget);
      if (cut === undefined) continue;
      expect(turns[cut]?.type, `budget ${budget}`).not.toBe('tool_results');
      expect(cut).toBeGreaterThanOrEqual(1);
      expect(cut).toBeLessThan(turns.length);
    }
  });

  it('cuts nothing when the whole history fits in the budget', () => {
    expect(findCutPoint([user(text(10)), assistant(text(10))], 21)).toBeUndefined();
    expect(findCutPoint([], 0)).toBeUndefined();
  });

  it('never keeps an earlier summary as the first kept turn', () => {
    const turns = [user(text(100)), summary(text(100)), assistant(text(100))];
    expect(findCutPoint(turns, 150)).toBeUndefined();
    expect(findCutPoint(turns, 50)).toBe(2);
  });

  it('keeps at least the last turn when the budget is 0', () => {
    const turns = [user(text(10)), assistant(text(10))];
    expect(findCutPoint(turns, 0)).toBe(1);
  });
});
