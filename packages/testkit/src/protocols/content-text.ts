import { asArray, asString, isRecord } from './protocol.js';

/** The text of a content field that is either a string or a list of parts with `text`. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .filter(isRecord)
    .map((part) => asString(part.text) ?? '')
    .join('');
}

/** Parses JSON text (tool-call arguments); anything that does not parse, or is not text, comes back as it was. */
export function parseJsonOrKeep(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
