import type { Request } from '../types/request.js';
import type { Response } from '../types/response.js';
import type { StreamEvent } from '../types/stream-event.js';

/** Per-call options every adapter honours. */
export interface CallOptions {
  /** Aborting cancels the request (and closes a stream's connection); the call rejects with AbortError. */
  signal?: AbortSignal;
  /** Milliseconds to wait for the response headers (connect included). Default 120 000. */
  requestTimeoutMs?: number;
  /** Longest gap between two stream events before the stream fails with RequestTimeoutError. Default 30 000. */
  streamIdleTimeoutMs?: number;
}

/** What a provider accepts as a tool-call id, so history repair can rewrite ids that do not fit. */
export interface ToolCallIdRule {
  pattern: RegExp;
  maxLength: number;
}

/**
 * One provider's native API behind the unified model. Adapters translate requests and responses,
 * map errors to the typed hierarchy, and never retry (the client's retry policy is the only one).
 */
export interface ProviderAdapter {
  /** The name requests route by: 'anthropic', 'openai', 'gemini', or a compatible provider's name. */
  readonly name: string;
  /** The tool-call ids this provider accepts; absent means any non-empty string. */
  readonly toolCallIdRule?: ToolCallIdRule;
  complete(request: Request, options?: CallOptions): Promise<Response>;
  /**
   * Streams events ending in `finish`. Errors are thrown from the iterator as typed SDKErrors
   * (StreamError for a stream that breaks or ends without its terminal event).
   */
  stream(request: Request, options?: CallOptions): AsyncIterable<StreamEvent>;
  /** Called when the adapter is registered with a client. */
  initialize?(): Promise<void>;
  close?(): Promise<void>;
  supportsToolChoice?(mode: 'auto' | 'none' | 'required' | 'named'): boolean;
}
