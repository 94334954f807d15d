import type * as GenAI from '@google/genai';

let loading: Promise<typeof GenAI> | undefined;

/**
 * Imports `@google/genai` on first use only, so that importing @weft/llm does not load all three
 * provider SDKs. A failed import is not cached: the next call tries again.
 */
export function loadGeminiSdk(): Promise<typeof GenAI> {
  loading ??= import('@google/genai').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
