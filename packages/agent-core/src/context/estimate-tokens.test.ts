import { describe, expect, it } from 'vitest';
import { assistant, calls, resultsFor, summary, user } from './context.test-support.js';
import { estimateTokens, IMAGE_TOKENS } from './estimate-tokens.js';
import {
  contextUsage,
  contextWarningMessage,
  estimateHistoryTokens,
  estimateTurnTokens,
} from './history-tokens.js';

/** Seed 004 §J.12's reference: a Han character ≈ 2 tokens, an English word ≈ 1.3 tokens. */
const reference = (text: string): number =>
  (text.match(/\p{Script=Han}/gu)?.length ?? 0) * 2 + (text.match(/[A-Za-z]+/g)?.length ?? 0) * 1.3;

describe('token estimates (seed 004 §J.12 1)', () => {
  it('1.1 estimates mixed Chinese and English within 20% of the reference', () => {
    // English alone follows the loop spec's characters / 4 (below), not a per-word figure.
    for (const text of [
      'Hello 你好 World 世界',
      '请把这个函数重构成更小的部分',
      'Fix the 登录 bug in 用户 module',
    ]) {
      const expected = reference(text);
      expect(Math.abs(estimateTokens(text) - expected) / expected, text).toBeLessThan(0.2);
    }
  });

  it('1.2 an empty history and an empty text cost nothing', () => {
    expect(estimateHistoryTokens([])).toBe(0);
    expect(estimateTokens('')).toBe(0);
  });

  it('counts ASCII as characters / 4, rounded up', () => {
    expect(estimateTokens('a'.repeat(400))).toBe(100);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('weights other scripts by how finely tokenizers split them', () => {
    expect(estimateTokens('é'.repeat(8))).toBe(2); // Latin supplement: as ASCII
    expect(estimateTokens('привет!!')).toBe(4); // Cyrillic 1/2 each, ASCII 1/4
    expect(estimateTokens('ひらがな')).toBe(4); // kana: 1 each
    expect(estimateTokens('漢字')).toBe(4); // Han: 2 each
    expect(estimateTokens('😀😀')).toBe(4); // outside the BMP: 2 each, one per surrogate pair
  });
});

describe('history estimates', () => {
  it('counts text, tool calls, tool results and images', () => {
    const call = calls({ name: 'read_file', arguments: { file_path: 'a.ts' } });
    const results = resultsFor(call, () => 'x'.repeat(40));
    expect(estimateTurnTokens(results)).toBe(10);
    expect(estimateTurnTokens(call)).toBe(
      estimateTokens('read_file') + estimateTokens('{"file_path":"a.ts"}'),
    );
    const withImage = {
      ...user('look'),
      content: [
        { type: 'text' as const, text: 'look' },
        { type: 'image' as const, data: 'AAAA', mediaType: 'image/png' },
      ],
    };
    expect(estimateTurnTokens(withImage)).toBe(1 + IMAGE_TOKENS);
  });

  it('counts a summary turn as the text the model is sent, file lists included', () => {
    const bare = summary('Goal: ship it.');
    const withFiles = summary('Goal: ship it.', {
      read: ['src/a-long-file-name.ts'],
      modified: ['src/b.ts'],
    });
    expect(estimateTurnTokens(withFiles)).toBeGreaterThan(estimateTurnTokens(bare) + 5);
  });

  it('reports usage as a share of the window, with fixed tokens added', () => {
    const turns = [user('a'.repeat(400)), assistant('b'.repeat(400))];
    expect(contextUsage(turns, 1000)).toEqual({ tokens: 200, fraction: 0.2 });
    expect(contextUsage(turns, 1000, { fixedTokens: 600 })).toEqual({ tokens: 800, fraction: 0.8 });
    expect(contextWarningMessage(contextUsage(turns, 1000, { fixedTokens: 650 }))).toBe(
      'Context usage is at about 85% of the context window (~850 tokens).',
    );
    expect(() => contextUsage(turns, 0)).toThrow(RangeError);
  });
});
