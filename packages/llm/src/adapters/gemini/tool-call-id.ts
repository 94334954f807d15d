import { createHash, randomUUID } from 'node:crypto';

/**
 * An id for a function call, which Gemini sends without one. Derived from the response id and the
 * call's position, so the same response always yields the same ids (a stream and its replay
 * agree); `call_` + 24 hex characters fits every provider's id rule. Without a response id: random.
 */
export function synthesizeToolCallId(responseId: string | undefined, index: number): string {
  if (responseId === undefined || responseId === '') return `call_${randomUUID().replaceAll('-', '')}`;
  return `call_${createHash('sha256').update(`${responseId}:${index}`).digest('hex').slice(0, 24)}`;
}
