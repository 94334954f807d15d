import { StreamError } from '../../errors/sdk-error.js';

type UnknownRecord = Record<string, unknown>;

/** What a Chat Completions stream carries: chunks, then the `[DONE]` that says it is complete. */
export type ChatFrame = { kind: 'chunk'; chunk: UnknownRecord } | { kind: 'done' };

/** One SSE message as the SDK's parser gives it. */
export interface SseMessage {
  event: string | null;
  data: string;
}

/**
 * Reads one SSE message of a Chat Completions stream (decoded by the SDK's own SSE parser, which
 * copes with frames and UTF-8 characters split across reads): a chunk, the final `[DONE]`, or
 * undefined for an empty keep-alive. The SDK's `Stream` swallows `[DONE]`, so it cannot tell a
 * complete stream from one cut off cleanly before the end; reading the messages ourselves can. A
 * frame that is not a JSON object is a StreamError. A plain function rather than a generator over
 * the messages: a stream carries tens of thousands of them, and each generator layer costs every
 * one of them a round of promises.
 */
export function chatFrame(message: SseMessage, provider: string): ChatFrame | undefined {
  const data = message.data.trim();
  if (data === '') return undefined;
  if (data === '[DONE]') return { kind: 'done' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    throw new StreamError(`${provider}: the stream sent a frame that is not JSON: ${truncate(data)}`, {
      cause: error,
    });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new StreamError(
      `${provider}: the stream sent a frame that is not a JSON object: ${truncate(data)}`,
    );
  }
  // An `event: error` frame with a bare message still reports an error.
  const chunk = parsed as UnknownRecord;
  return {
    kind: 'chunk',
    chunk: message.event === 'error' && chunk.error === undefined ? { error: chunk } : chunk,
  };
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
