/**
 * The major version in a Gemini model id: 'gemini-2.5-flash' → 2, 'models/gemini-3-pro-preview'
 * → 3. Undefined for ids that name none (aliases such as 'gemini-flash-latest', tuned models).
 */
export function geminiMajorVersion(model: string): number | undefined {
  const match = /gemini-(\d+)/.exec(model);
  return match ? Number(match[1]) : undefined;
}

/**
 * Gemini 3 and later take `thinkingLevel` and validate thought signatures on function calls.
 * Unknown versions are treated as older models: `thinkingBudget` is still accepted by Gemini 3,
 * whereas `thinkingLevel` is rejected by 2.5.
 */
export function isGemini3OrLater(model: string): boolean {
  return (geminiMajorVersion(model) ?? 0) >= 3;
}

/** Pro models cannot turn thinking off and allow the largest budget. */
export function isProModel(model: string): boolean {
  return /-pro(?:\b|-)/.test(model);
}
