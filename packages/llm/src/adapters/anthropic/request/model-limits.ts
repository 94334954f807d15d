/**
 * What the adapter assumes about a Claude model from its id alone (the catalog is advisory and
 * lives elsewhere; unknown ids must still work). Three facts matter for building a request: the
 * `max_tokens` to send when the caller gives none, the most a model accepts, and whether it
 * thinks adaptively (`thinking: {type: 'adaptive'}` + `output_config.effort`, Claude 4.6 on) or
 * with a manual `budget_tokens` (Claude 3.7 to 4.5).
 */

/** The spec's default, kept for ids we do not recognise. */
const FALLBACK_MAX_TOKENS = 4096;

/** Claude 3 Opus / Sonnet / Haiku (not 3.5, not 3.7). */
const CLAUDE_3 = /^claude-3-(?:opus|sonnet|haiku)(?:-|$)/;
/** Claude 3.5 Sonnet / Haiku: 8192 output tokens at most. */
const CLAUDE_3_5 = /^claude-3-5-/;
const CLAUDE_3_7 = /^claude-3-7-/;
/** Claude Opus 4 and 4.1: 32 000 output tokens at most. */
const OPUS_4_0_OR_4_1 = /^claude-opus-4(?:-1)?(?:-\d{8}|$)/;
/** Every later Claude id (`claude-sonnet-4-5`, `claude-opus-5-5`, `claude-mythos-…`, ...). */
const CLAUDE_4_OR_LATER = /^claude-(?:opus|sonnet|haiku|mythos|fable)(?:-|$)/;
/**
 * Models that take adaptive thinking: 4.6 and later minor versions of 4, any major version from
 * 5 on, and the named families that arrived with them.
 */
const ADAPTIVE_THINKING =
  /^claude-(?:(?:opus|sonnet|haiku)-(?:4-[6-9](?:\D|$)|(?:[5-9]|[1-9]\d)(?:\D|$))|mythos|fable)/;

/**
 * `max_tokens` when the request sets none: 16 384 for Claude 4 and later (room for a whole file
 * edit, well under every such model's cap, and not so large that it eats output-token rate
 * limits, which are reserved from `max_tokens`), the model's cap for older Claude models, the
 * spec's 4096 otherwise.
 */
export function defaultMaxTokens(model: string): number {
  if (CLAUDE_3_5.test(model) || CLAUDE_3_7.test(model)) return 8192;
  if (CLAUDE_3.test(model)) return 4096;
  if (CLAUDE_4_OR_LATER.test(model)) return 16_384;
  return FALLBACK_MAX_TOKENS;
}

/** The largest `max_tokens` the model accepts, when we know it. */
export function maxOutputTokens(model: string): number | undefined {
  if (CLAUDE_3_5.test(model)) return 8192;
  if (CLAUDE_3.test(model)) return 4096;
  if (OPUS_4_0_OR_4_1.test(model)) return 32_000;
  if (CLAUDE_3_7.test(model) || CLAUDE_4_OR_LATER.test(model)) return 64_000;
  return undefined;
}

/** Whether the model thinks adaptively (and takes `output_config.effort`) rather than on a budget. */
export function supportsAdaptiveThinking(model: string): boolean {
  return ADAPTIVE_THINKING.test(model);
}
