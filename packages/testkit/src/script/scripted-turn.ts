/**
 * What the fake model does for one request, said once for every provider. Each protocol encodes
 * the same turn in its own wire format (frames, field names, stop reasons, usage fields), so a
 * test can script "think, then call read_file, then stop" and run it against any provider.
 */
export interface ScriptedTurn {
  /** The output, in order. Empty or absent: an empty answer. */
  content?: ScriptedBlock[];
  /**
   * Why the turn ends. Default: 'tool_calls' when the content has a tool call, else 'end'.
   * Each protocol maps it to its own value (see {@link ScriptedStop}).
   */
  stop?: ScriptedStop;
  /** A provider's exact stop value, overriding `stop` for that protocol ('pause_turn', 'RECITATION', ...). */
  rawStop?: Partial<Record<Protocol, string>>;
  /** For stop 'stop_sequence': which sequence matched (Anthropic reports it). */
  stopSequence?: string;
  /** Token counts. Defaults are small plausible numbers derived from the content. */
  usage?: ScriptedUsage;
  /** The model name reported back. Default: the model the request named. */
  model?: string;
  /** Answer with an HTTP error instead of a response (the provider's exact body and headers). */
  error?: ScriptedHttpError;
  /** In a stream: send the provider's in-stream error after `afterFrames` frames, then end. */
  streamError?: ScriptedStreamError;
  /** Transport faults for a streamed answer. */
  faults?: StreamFaults;
  /** Gemini only: block the prompt (HTTP 200, `promptFeedback.blockReason`, no candidates). */
  promptBlocked?: string;
  /** Extra headers on the answer (rate-limit headers, for instance). */
  headers?: Record<string, string>;
  /** Milliseconds to wait before sending the status line and headers (to test request timeouts). */
  headerDelayMs?: number;
}

export type Protocol = 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';

export const PROTOCOLS: readonly Protocol[] = ['anthropic', 'openai-responses', 'openai-chat', 'gemini'];

export type ScriptedBlock = ScriptedText | ScriptedReasoning | ScriptedToolCall;

/** How a text is cut into stream deltas: explicit pieces, or a piece length in characters. */
export type Chunking = readonly string[] | number;

export interface ScriptedText {
  type: 'text';
  text: string;
  /** Stream deltas. Default: the whole text in one delta. Pieces must join to `text`. */
  chunks?: Chunking;
}

export interface ScriptedReasoning {
  type: 'reasoning';
  /** The visible thinking (Anthropic thinking, OpenAI reasoning summary, Gemini thought parts). */
  text: string;
  chunks?: Chunking;
  /**
   * The opaque token the provider wants echoed back: Anthropic's `signature`, OpenAI's
   * `encrypted_content` (sent when the request includes `reasoning.encrypted_content`), Gemini's
   * `thoughtSignature` (put on the part that follows the reasoning).
   */
  signature?: string;
  /** Anthropic: send a `redacted_thinking` block whose `data` is `signature` instead of thinking text. */
  redacted?: boolean;
}

export interface ScriptedToolCall {
  type: 'tool_call';
  name: string;
  /**
   * The arguments: an object, or the exact JSON text to stream (which may be '' for no arguments).
   * For a custom call, the raw input text.
   */
  arguments: Record<string, unknown> | string;
  /**
   * A call to a custom (freeform) tool: OpenAI Responses' `custom_tool_call`, whose `input` is
   * `arguments` as raw text (streamed as `response.custom_tool_call_input.delta` events, cut by
   * `argumentChunks`). Only the Responses protocol has custom calls; the others refuse the script.
   */
  custom?: boolean;
  /** The call id. Default: a realistic id for the protocol (`toolu_…`, `call_…`; Gemini sends none). */
  id?: string;
  /** How the argument JSON is cut into stream deltas (not Gemini: it sends calls whole). */
  argumentChunks?: Chunking;
  /** Gemini: a `thoughtSignature` on this call's part (overrides the one carried from reasoning). */
  thoughtSignature?: string;
}

/**
 * Neutral stop reasons and what each protocol sends for them:
 *
 * | stop | Anthropic | Responses | Chat | Gemini |
 * |---|---|---|---|---|
 * | end | end_turn | completed | stop | STOP |
 * | tool_calls | tool_use | completed | tool_calls | STOP |
 * | max_tokens | max_tokens | incomplete: max_output_tokens | length | MAX_TOKENS |
 * | stop_sequence | stop_sequence | completed | stop | STOP |
 * | content_filter | refusal | incomplete: content_filter | content_filter | SAFETY |
 * | refusal | refusal | completed (refusal part) | stop (message.refusal) | SAFETY |
 * | pause_turn | pause_turn | incomplete: max_output_tokens | length | OTHER |
 * | context_window_exceeded | model_context_window_exceeded | incomplete: max_output_tokens | length | MAX_TOKENS |
 * | failed | (stream error) | failed | (stream error) | OTHER |
 */
export type ScriptedStop =
  | 'end'
  | 'tool_calls'
  | 'max_tokens'
  | 'stop_sequence'
  | 'content_filter'
  | 'refusal'
  | 'pause_turn'
  | 'context_window_exceeded'
  | 'failed';

/**
 * Token counts in one neutral shape; each protocol derives its own fields so they add up the way
 * that provider's do (OpenAI and Gemini count cached tokens inside the input figure, Anthropic
 * does not; OpenAI and Anthropic count reasoning inside output, Gemini does not).
 */
export interface ScriptedUsage {
  /** Input tokens that were neither read from nor written to the cache. */
  input?: number;
  /** Input tokens read from the prompt cache. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache (Anthropic; OpenAI's newer `cache_write_tokens`). */
  cacheWrite?: number;
  /** Visible output tokens, reasoning excluded. */
  output?: number;
  /** Reasoning tokens. */
  reasoning?: number;
}

/** The errors every provider has, each sent with that provider's status, body and headers. */
export type ErrorKind =
  | 'context_overflow'
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'billing'
  | 'not_found'
  | 'request_too_large'
  | 'rate_limit'
  | 'quota'
  | 'server'
  | 'unavailable'
  | 'overloaded';

export interface ScriptedHttpError {
  kind: ErrorKind;
  /** Override the provider's default message for this kind. */
  message?: string;
  /** Override the HTTP status. */
  status?: number;
  /** `retry-after` in seconds (for Gemini: `RetryInfo.retryDelay` in the body). */
  retryAfterSeconds?: number;
  /** `retry-after-ms` (OpenAI and Anthropic SDKs read it first). */
  retryAfterMs?: number;
  /** `x-should-retry: true|false`, which the OpenAI and Anthropic SDKs obey over everything else. */
  shouldRetry?: boolean;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

export interface ScriptedStreamError {
  kind: ErrorKind;
  message?: string;
  /** Frames sent before the error. Default: 1 (after the stream's opening frame). */
  afterFrames?: number;
}

export interface StreamFaults {
  /** Milliseconds between every two frames. */
  frameDelayMs?: number;
  /** Pause `ms` before sending frame number `afterFrames` (0-based count of frames already sent). */
  stall?: { afterFrames: number; ms: number };
  /**
   * End the connection after `afterFrames` frames, before the terminal frame: 'reset' destroys the
   * socket, 'end' closes it cleanly (the body just stops).
   */
  cut?: { afterFrames: number; mode?: 'reset' | 'end' };
  /** Insert a frame whose JSON is broken before frame number `beforeFrame`. */
  malformed?: { beforeFrame: number; text?: string };
  /**
   * Write the body in pieces at these byte offsets (of the whole body), or every `every` bytes,
   * with a tick between writes so each arrives as its own TCP read. Offsets may fall inside a
   * frame or inside a multi-byte UTF-8 character.
   */
  split?: { offsets: readonly number[] } | { every: number };
}
