import { describe, expect, it } from 'vitest';
import { costOf } from './cost-of.js';
import type { ModelInfo } from './model-info.js';

const PRICED: ModelInfo = {
  id: 'test-model',
  provider: 'test',
  displayName: 'Test',
  contextWindow: 100_000,
  capabilities: { tools: true, vision: false, reasoning: false },
  prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  aliases: [],
};

describe('costOf', () => {
  it('prices uncached input, cache reads, cache writes and output at their own rates', () => {
    // 1M input tokens of which 600k read from and 100k written to the cache; 200k output.
    const cost = costOf(
      {
        inputTokens: 1_000_000,
        outputTokens: 200_000,
        totalTokens: 1_200_000,
        cacheReadTokens: 600_000,
        cacheWriteTokens: 100_000,
      },
      PRICED,
    );
    expect(cost?.input).toBeCloseTo(0.9);
    expect(cost?.cacheRead).toBeCloseTo(0.18);
    expect(cost?.cacheWrite).toBeCloseTo(0.375);
    expect(cost?.output).toBeCloseTo(3);
    expect(cost?.total).toBeCloseTo(4.455);
  });

  it('prices cache tokens at the input rate when the catalog has no cache prices', () => {
    const cost = costOf(
      { inputTokens: 1_000_000, outputTokens: 0, totalTokens: 1_000_000, cacheReadTokens: 500_000 },
      { ...PRICED, prices: { input: 2, output: 8 } },
    );
    expect(cost?.total).toBeCloseTo(2);
  });

  it('looks the model up by id or alias in the shipped catalog', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, totalTokens: 2_000_000 };
    expect(costOf(usage, 'claude-sonnet-4-5-20250929')?.total).toBeCloseTo(18);
  });

  it('is undefined for an unknown model or one without prices', () => {
    const usage = { inputTokens: 10, outputTokens: 10, totalTokens: 20 };
    expect(costOf(usage, 'nonexistent-model-xyz')).toBeUndefined();
    expect(costOf(usage, { ...PRICED, prices: undefined })).toBeUndefined();
  });
});
