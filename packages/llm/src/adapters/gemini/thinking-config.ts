import type { ThinkingConfig, ThinkingLevel } from '@google/genai';
import type { ReasoningEffort } from '../../types/request.js';
import { isGemini3OrLater, isProModel } from './model-family.js';

/** Gemini 3 levels. It cannot stop thinking, so 'none' asks for the least; 'xhigh' for the most. */
const LEVELS: Record<ReasoningEffort, `${ThinkingLevel}`> = {
  none: 'MINIMAL',
  minimal: 'MINIMAL',
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
  xhigh: 'HIGH',
};

/**
 * Gemini 2.5 budgets in tokens. Each fits every 2.5 model's range (Pro 128–32 768, Flash
 * 0–24 576, Flash-Lite 512–24 576); 'none' and 'xhigh' depend on the model (below).
 */
const BUDGETS: Record<'minimal' | 'low' | 'medium' | 'high', number> = {
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24_576,
};

function budgetFor(model: string, effort: ReasoningEffort): number {
  const pro = isProModel(model);
  switch (effort) {
    case 'none':
      return pro ? 128 : 0; // Pro cannot turn thinking off: 128 is its floor.
    case 'xhigh':
      return pro ? 32_768 : 24_576;
    default:
      return BUDGETS[effort];
  }
}

/**
 * The thinking config for a reasoning effort: `thinkingLevel` for Gemini 3 and later,
 * `thinkingBudget` otherwise. Thought summaries are requested (`includeThoughts`) whenever
 * reasoning is wanted, so that they arrive as thinking parts. No effort: no config, and the
 * model's own default applies.
 */
export function thinkingConfigFor(
  model: string,
  effort: ReasoningEffort | undefined,
): ThinkingConfig | undefined {
  if (effort === undefined) return undefined;
  const includeThoughts = effort !== 'none';
  if (isGemini3OrLater(model)) {
    return { thinkingLevel: LEVELS[effort] as ThinkingLevel, includeThoughts };
  }
  return { thinkingBudget: budgetFor(model, effort), includeThoughts };
}
