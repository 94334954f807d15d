import { EMPTY_USAGE, type Usage } from '../../types/usage.js';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Chat usage in our shape. `prompt_tokens` includes cached input and `completion_tokens` includes
 * reasoning, as ours do. Cache reads come from `prompt_tokens_details.cached_tokens` (OpenAI,
 * vLLM, Groq…) or DeepSeek's `prompt_cache_hit_tokens`; reasoning from
 * `completion_tokens_details.reasoning_tokens`. No usage at all (a server that sends none) is zero.
 */
export function chatUsage(usage: unknown): Usage {
  if (!isRecord(usage)) return { ...EMPTY_USAGE };
  const input = count(usage.prompt_tokens) ?? 0;
  const output = count(usage.completion_tokens) ?? 0;
  const result: Usage = { inputTokens: input, outputTokens: output, totalTokens: input + output, raw: usage };
  const promptDetails = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const completionDetails = isRecord(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  const cached = count(promptDetails.cached_tokens) ?? count(usage.prompt_cache_hit_tokens);
  if (cached !== undefined) result.cacheReadTokens = cached;
  const reasoning = count(completionDetails.reasoning_tokens);
  if (reasoning !== undefined) result.reasoningTokens = reasoning;
  return result;
}
