import type { Content } from '@google/genai';
import { isGemini3OrLater } from './model-family.js';

/**
 * The value Gemini's thought-signature docs give for function calls it did not produce (history
 * from another provider or model, or calls written by hand): it tells Gemini 3 to skip its
 * signature check instead of rejecting the request.
 */
export const SKIP_SIGNATURE_VALIDATION = 'skip_thought_signature_validator';

function isUserTurnWithText(content: Content): boolean {
  return content.role === 'user' && (content.parts ?? []).some((part) => typeof part.text === 'string');
}

/**
 * Gemini 3 rejects a request when the first function call of a model turn in the current turn
 * (everything after the last user turn with text) carries no thought signature. Calls Gemini made
 * keep theirs; a call that has none (history repair dropped a foreign one, or it never had one)
 * gets the documented skip value, so switching to Gemini 3 mid-turn still works. Older models and
 * earlier turns are left as they are. Mutates and returns `contents`.
 */
export function signCurrentTurnCalls(contents: Content[], model: string): Content[] {
  if (!isGemini3OrLater(model)) return contents;
  let start = 0;
  contents.forEach((content, index) => {
    if (isUserTurnWithText(content)) start = index + 1;
  });
  for (const content of contents.slice(start)) {
    if (content.role !== 'model' || !content.parts) continue;
    const index = content.parts.findIndex((part) => part.functionCall !== undefined);
    const first = content.parts[index];
    if (first && first.thoughtSignature === undefined) {
      content.parts[index] = { ...first, thoughtSignature: SKIP_SIGNATURE_VALIDATION };
    }
  }
  return contents;
}
