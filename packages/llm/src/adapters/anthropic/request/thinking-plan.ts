import type { OutputConfig, ThinkingConfigParam } from '@anthropic-ai/sdk/resources/messages';
import type { ReasoningEffort } from '../../../types/request.js';
import type { Warning } from '../../../types/response.js';
import { defaultMaxTokens, maxOutputTokens, supportsAdaptiveThinking } from './model-limits.js';

type Effort = NonNullable<OutputConfig['effort']>;

/** Adaptive models: the unified effort as `output_config.effort` ('minimal' has no match; 'low' is nearest). */
const ADAPTIVE_EFFORT: Record<Exclude<ReasoningEffort, 'none'>, Effort> = {
  minimal: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'xhigh',
};

/** Budget models: the unified effort as `budget_tokens` (the API's minimum is 1024). */
export const THINKING_BUDGETS: Record<Exclude<ReasoningEffort, 'none'>, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16_384,
  xhigh: 24_576,
};

/** Adaptive thinking shares `max_tokens` with the answer, so it gets more room by default. */
const ADAPTIVE_MAX_TOKENS = 32_000;
const MIN_BUDGET = 1024;

export interface ThinkingPlan {
  thinking: ThinkingConfigParam | undefined;
  effort: Effort | undefined;
  maxTokens: number;
  warnings: Warning[];
}

export interface ThinkingInput {
  model: string;
  reasoningEffort: ReasoningEffort | undefined;
  /** The request's own `maxTokens`, if any. */
  maxTokens: number | undefined;
  /** `providerOptions.anthropic.thinking`, which wins over `reasoningEffort`. */
  thinking: ThinkingConfigParam | undefined;
}

/**
 * Decides `thinking`, `output_config.effort` and `max_tokens` together, since budget thinking
 * must fit inside `max_tokens`: adaptive models get `{type: 'adaptive'}` and the effort; older
 * thinking models get `{type: 'enabled', budget_tokens}` from {@link THINKING_BUDGETS}, with
 * `max_tokens` raised by the budget (up to the model's cap) when the caller set none, or the
 * budget cut to fit when they did. 'none' turns thinking off where a model would think unasked.
 */
export function planThinking(input: ThinkingInput): ThinkingPlan {
  const { model, reasoningEffort: effort, maxTokens: requested } = input;
  const warnings: Warning[] = [];
  if (input.thinking !== undefined) {
    const budget = input.thinking.type === 'enabled' ? input.thinking.budget_tokens : 0;
    return {
      thinking: input.thinking,
      effort: undefined,
      maxTokens: requested ?? roomFor(model, budget),
      warnings,
    };
  }
  const adaptive = supportsAdaptiveThinking(model);
  if (effort === undefined || effort === 'none') {
    return {
      thinking: effort === 'none' && adaptive ? { type: 'disabled' } : undefined,
      effort: undefined,
      maxTokens: requested ?? defaultMaxTokens(model),
      warnings,
    };
  }
  if (adaptive) {
    return {
      thinking: { type: 'adaptive' },
      effort: ADAPTIVE_EFFORT[effort],
      maxTokens: requested ?? Math.min(ADAPTIVE_MAX_TOKENS, maxOutputTokens(model) ?? ADAPTIVE_MAX_TOKENS),
      warnings,
    };
  }
  let budget = THINKING_BUDGETS[effort];
  const maxTokens = requested ?? roomFor(model, budget);
  if (budget >= maxTokens) {
    if (maxTokens <= MIN_BUDGET) {
      warnings.push({
        code: 'thinking_disabled',
        message: `max_tokens ${maxTokens} leaves no room for the minimum thinking budget of ${MIN_BUDGET}; sent without thinking.`,
      });
      return { thinking: undefined, effort: undefined, maxTokens, warnings };
    }
    warnings.push({
      code: 'thinking_budget_reduced',
      message: `The ${effort} thinking budget of ${budget} tokens was cut to ${maxTokens - 1} to fit max_tokens ${maxTokens}.`,
    });
    budget = maxTokens - 1;
  }
  return {
    thinking: { type: 'enabled', budget_tokens: budget },
    effort: undefined,
    maxTokens,
    warnings,
  };
}

/** The default answer room plus a thinking budget, within the model's cap. */
function roomFor(model: string, budget: number): number {
  const wanted = defaultMaxTokens(model) + budget;
  const cap = maxOutputTokens(model);
  return cap === undefined ? wanted : Math.min(wanted, cap);
}
