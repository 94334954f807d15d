import type { ResponseUsage } from 'openai/resources/responses/responses';
import { EMPTY_USAGE, type Usage } from '../../types/usage.js';

/**
 * Responses usage is already in our shape: `input_tokens` includes cached input, `output_tokens`
 * includes reasoning. Cached reads and reasoning are reported apart as well; cache writes only
 * where the API sends the newer `cache_write_tokens`.
 */
export function responsesUsage(usage: ResponseUsage | null | undefined): Usage {
  if (!usage) return { ...EMPTY_USAGE };
  const result: Usage = {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    totalTokens: usage.input_tokens + usage.output_tokens,
    raw: usage,
  };
  const reasoning = usage.output_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') result.reasoningTokens = reasoning;
  const cached = usage.input_tokens_details?.cached_tokens;
  if (typeof cached === 'number') result.cacheReadTokens = cached;
  const written = usage.input_tokens_details?.cache_write_tokens;
  if (typeof written === 'number') result.cacheWriteTokens = written;
  return result;
}
