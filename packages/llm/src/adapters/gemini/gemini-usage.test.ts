import { describe, expect, it } from 'vitest';
import { toUsage } from './gemini-usage.js';

describe('toUsage', () => {
  it('counts tool-use prompt tokens as input and thoughts as output, so input + output is Gemini’s total', () => {
    const metadata = {
      promptTokenCount: 100,
      cachedContentTokenCount: 60,
      toolUsePromptTokenCount: 20,
      candidatesTokenCount: 30,
      thoughtsTokenCount: 50,
      totalTokenCount: 200,
    };
    expect(toUsage(metadata)).toEqual({
      inputTokens: 120,
      outputTokens: 80,
      totalTokens: 200,
      reasoningTokens: 50,
      cacheReadTokens: 60,
      raw: metadata,
    });
  });

  it('reports zeros, and no optional fields, when Gemini sent no usage', () => {
    expect(toUsage(undefined)).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
  });
});
