import type { Usage } from '../types/usage.js';
import { getModelInfo } from './model-catalog.js';
import type { ModelInfo } from './model-info.js';

/** What a usage cost, in USD, by token kind. */
export interface Cost {
  /** Uncached input. */
  input: number;
  cacheRead: number;
  cacheWrite: number;
  /** Output, reasoning included. */
  output: number;
  total: number;
}

const PER_MILLION = 1_000_000;

/**
 * The cost of `usage` on `model` (an id, an alias, or a ModelInfo), or undefined when the catalog
 * has no prices for it. Usage counts cache reads and writes inside `inputTokens`, so they are
 * taken out of the input and priced at their own rates (the input rate when the catalog has none).
 * Figures are only as current as the catalog's prices.
 */
export function costOf(usage: Usage, model: string | ModelInfo): Cost | undefined {
  const info = typeof model === 'string' ? getModelInfo(model) : model;
  const prices = info?.prices;
  if (!prices) return undefined;
  const cacheReadTokens = usage.cacheReadTokens ?? 0;
  const cacheWriteTokens = usage.cacheWriteTokens ?? 0;
  const uncached = Math.max(0, usage.inputTokens - cacheReadTokens - cacheWriteTokens);
  const input = (uncached * prices.input) / PER_MILLION;
  const cacheRead = (cacheReadTokens * (prices.cacheRead ?? prices.input)) / PER_MILLION;
  const cacheWrite = (cacheWriteTokens * (prices.cacheWrite ?? prices.input)) / PER_MILLION;
  const output = (usage.outputTokens * prices.output) / PER_MILLION;
  return { input, cacheRead, cacheWrite, output, total: input + cacheRead + cacheWrite + output };
}
