import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { Usage } from '../../types/usage.js';

/**
 * Gemini's usage in normalized terms. `promptTokenCount` already includes cached tokens; tool-use
 * prompt tokens and thoughts are counted apart by Gemini and folded in here (into input and
 * output), so that input + output = total, as Gemini's own `totalTokenCount` has it.
 */
export function toUsage(metadata: GenerateContentResponseUsageMetadata | undefined): Usage {
  const thoughts = metadata?.thoughtsTokenCount;
  const inputTokens = (metadata?.promptTokenCount ?? 0) + (metadata?.toolUsePromptTokenCount ?? 0);
  const outputTokens = (metadata?.candidatesTokenCount ?? 0) + (thoughts ?? 0);
  return {
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    ...(thoughts !== undefined ? { reasoningTokens: thoughts } : {}),
    ...(metadata?.cachedContentTokenCount !== undefined
      ? { cacheReadTokens: metadata.cachedContentTokenCount }
      : {}),
    ...(metadata !== undefined ? { raw: metadata } : {}),
  };
}
