/**
 * Token counts, normalized so they mean the same on every provider and add up:
 * `totalTokens = inputTokens + outputTokens`; cache reads and writes are part of `inputTokens`;
 * reasoning is part of `outputTokens`. (Providers disagree: Anthropic counts cache apart from
 * input, Gemini counts thoughts apart from output; adapters fold them in.)
 */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  reasoningTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** The provider's usage object as received. */
  raw?: unknown;
}

export const EMPTY_USAGE: Usage = Object.freeze({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });

/** Sums two usages; an optional field is absent only when absent on both sides. */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  for (const key of ['reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const) {
    if (a[key] !== undefined || b[key] !== undefined) sum[key] = (a[key] ?? 0) + (b[key] ?? 0);
  }
  return sum;
}
