import type { SDKError } from '../errors/sdk-error.js';
import type { ToolCallData } from './content.js';
import type { FinishReason, Response } from './response.js';
import type { Usage } from './usage.js';

/**
 * What a stream yields. Text, reasoning and tool calls follow a start / delta / end pattern,
 * correlated by id, so several may be in flight at once. A stream ends with `finish`, which
 * carries the same Response `complete()` would have returned.
 */
export type StreamEvent =
  | { type: 'stream_start'; provider: string; model: string; id?: string }
  | { type: 'text_start'; textId: string }
  | { type: 'text_delta'; textId: string; delta: string }
  | { type: 'text_end'; textId: string }
  | { type: 'reasoning_start'; reasoningId: string }
  | { type: 'reasoning_delta'; reasoningId: string; delta: string }
  | { type: 'reasoning_end'; reasoningId: string; signature?: string; redacted?: boolean }
  | { type: 'tool_call_start'; toolCallId: string; toolName: string }
  | { type: 'tool_call_delta'; toolCallId: string; argumentsDelta: string }
  | { type: 'tool_call_end'; toolCall: ToolCallData }
  | { type: 'finish'; finishReason: FinishReason; usage: Usage; response: Response }
  /** Only from the high-level `stream()`: an error after data had flowed (never retried). */
  | { type: 'error'; error: SDKError }
  /** A provider event with no unified meaning, passed through as received. */
  | { type: 'provider_event'; provider: string; raw: unknown };

export type StreamEventType = StreamEvent['type'];
