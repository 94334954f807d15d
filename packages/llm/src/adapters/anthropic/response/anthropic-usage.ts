import type { Usage as WireUsage } from '@anthropic-ai/sdk/resources/messages';
import type { Usage } from '../../../types/usage.js';

/** The usage fields the adapter reads; a stream's merged start and delta usage has the same shape. */
export type AnthropicUsage = Pick<WireUsage, 'input_tokens' | 'output_tokens'> &
  Partial<
    Pick<WireUsage, 'cache_creation_input_tokens' | 'cache_read_input_tokens' | 'output_tokens_details'>
  >;

/** Thinking text has no token count of its own on older responses; four characters a token is the usual rule. */
const CHARS_PER_TOKEN = 4;

/**
 * Normalizes Anthropic usage. Anthropic counts cache reads and writes apart from `input_tokens`;
 * ours include them, so input = input_tokens + cache_read + cache_creation. Output is
 * `output_tokens`, which already includes thinking. Reasoning comes from
 * `output_tokens_details.thinking_tokens` when the API sends it, else it is estimated from the
 * thinking text (and absent when there was no thinking at all).
 */
export function normalizeUsage(usage: AnthropicUsage, thinkingText: string): Usage {
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const cacheWrite = usage.cache_creation_input_tokens ?? 0;
  const inputTokens = usage.input_tokens + cacheRead + cacheWrite;
  const outputTokens = usage.output_tokens;
  const normalized: Usage = {
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    cacheReadTokens: cacheRead,
    cacheWriteTokens: cacheWrite,
    raw: usage,
  };
  const reported = usage.output_tokens_details?.thinking_tokens;
  if (reported !== undefined && reported !== null) normalized.reasoningTokens = reported;
  else if (thinkingText !== '') {
    normalized.reasoningTokens = Math.min(outputTokens, Math.ceil(thinkingText.length / CHARS_PER_TOKEN));
  }
  return normalized;
}
