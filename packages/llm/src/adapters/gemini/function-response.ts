import type { ToolResultData } from '../../types/content.js';

/**
 * The `functionResponse.response` object for a tool result. Gemini wants a JSON object: a failure
 * is `{ error: <content> }` (the key Gemini's own docs name for error details), a text or list
 * result is wrapped as `{ result: <content> }`, and an object result is sent as it is.
 */
export function functionResponseBody(result: ToolResultData): Record<string, unknown> {
  if (result.isError) return { error: result.content };
  if (typeof result.content === 'string' || Array.isArray(result.content)) return { result: result.content };
  return result.content;
}
