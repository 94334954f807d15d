import type { FinishReason } from '../../types/response.js';

/** Output stopped by a filter: safety, recitation, blocklists, personal data, and their image variants. */
const CONTENT_FILTER = new Set([
  'SAFETY',
  'RECITATION',
  'PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** The model failed at tool calling: its output is not a usable answer. */
const FAILED_TOOL_CALL = new Set(['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL', 'TOO_MANY_TOOL_CALLS']);

/**
 * Gemini's `finishReason` in unified terms. STOP means tool_calls when the answer holds a function
 * call (Gemini has no reason of its own for that). CONTINUATION (the per-request token limit,
 * more to come) counts as length. Everything else (OTHER, LANGUAGE, NO_IMAGE, unknown values,
 * none at all) is other; `raw` keeps Gemini's value.
 */
export function toFinishReason(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  if (raw === 'STOP') return { reason: hasToolCalls ? 'tool_calls' : 'stop', raw };
  if (raw === 'MAX_TOKENS' || raw === 'CONTINUATION') return { reason: 'length', raw };
  if (raw !== undefined && CONTENT_FILTER.has(raw)) return { reason: 'content_filter', raw };
  if (raw !== undefined && FAILED_TOOL_CALL.has(raw)) return { reason: 'error', raw };
  return { reason: 'other', raw };
}
