import { StreamError } from '../../errors/sdk-error.js';

type UnknownRecord = Record<string, unknown>;

/** What a Chat Completions stream carries: chunks, then the `[DONE]` that says it is complete. */
export type ChatFrame = { kind: 'chunk'; chunk: UnknownRecord } | { kind: 'done' };

type SseMessages = AsyncIterable<{ event: string | null; data: string }>;

/**
 * Reads the SSE messages of a Chat Completions stream (decoded by the SDK's own SSE parser, which
 * copes with frames and UTF-8 characters split across reads) into chunks and the final `[DONE]`.
 * The SDK's `Stream` swallows `[DONE]`, so it cannot tell a complete stream from one cut off
 * cleanly before the end; reading the messages ourselves can. A frame that is not JSON is a
 * StreamError.
 */
export async function* chatFrames(messages: SseMessages, provider: string): AsyncGenerator<ChatFrame> {
  for await (const message of messages) {
    const data = message.data.trim();
    if (data === '') continue;
    if (data === '[DONE]') {
      yield { kind: 'done' };
      return;
    }
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
    yield {
      kind: 'chunk',
      chunk: message.event === 'error' && chunk.error === undefined ? { error: chunk } : chunk,
    };
  }
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
