import type { APIError } from '@anthropic-ai/sdk';
import type { ServerSentEvent } from '@anthropic-ai/sdk/core/streaming';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { AnthropicSdk } from '../load-sdk.js';

/**
 * Reads one server-sent event the way the SDK's own message stream does: `ping` and events with
 * no name are skipped (undefined), an `error` event becomes the SDK's APIError (with no status,
 * as the SDK raises it), anything else is its JSON (a SyntaxError when the frame is malformed).
 */
export function parseServerEvent(
  sse: ServerSentEvent,
  sdk: AnthropicSdk,
  headers: Headers,
): RawMessageStreamEvent | undefined {
  if (sse.event === null || sse.event === 'ping' || sse.data === '') return undefined;
  if (sse.event === 'error') throw inStreamError(sse.data, sdk, headers);
  return JSON.parse(sse.data) as RawMessageStreamEvent;
}

function inStreamError(data: string, sdk: AnthropicSdk, headers: Headers): APIError {
  let body: unknown = data;
  try {
    body = JSON.parse(data);
  } catch {
    // An unreadable error event is still an error; its text is the message.
  }
  const type = (body as { error?: { type?: unknown } } | undefined)?.error?.type;
  return new sdk.APIError(
    undefined,
    typeof body === 'object' && body !== null ? body : { error: { message: data } },
    undefined,
    headers,
    typeof type === 'string' ? (type as APIError['type']) : null,
  );
}
