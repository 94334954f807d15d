/**
 * The unified data model: one shape for messages and their content, whatever provider they go
 * to or came from. Field names follow the unified LLM spec in camelCase; content parts are a
 * union tagged by `kind` with the payload in a field named after the kind.
 */

export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

export interface ImageData {
  /** An http(s) URL, or a local path (starting with `/`, `./`, `../` or `~`) read from disk and sent inline. */
  url?: string;
  /** Base64-encoded bytes (exclusive with `url`). */
  data?: string;
  /** Defaults to 'image/png' with `data`; inferred from the extension for a local path. */
  mediaType?: string;
  /** OpenAI only: 'auto' | 'low' | 'high'. */
  detail?: 'auto' | 'low' | 'high';
}

export interface AudioData {
  url?: string;
  data?: string;
  mediaType?: string;
}

export interface DocumentData {
  url?: string;
  data?: string;
  mediaType?: string;
  fileName?: string;
}

export interface ToolCallData {
  /** The id results refer to (OpenAI's `call_id`; synthesized for Gemini, which sends none). */
  id: string;
  name: string;
  /**
   * Parsed arguments; a string when the model sent JSON that does not parse. For a custom tool's
   * call (`type: 'custom'`), the raw input text as the model sent it, never parsed.
   */
  arguments: Record<string, unknown> | string;
  /** The argument text exactly as the model sent it. */
  rawArguments?: string;
  /**
   * 'custom' for a call to a custom (freeform) tool (OpenAI Responses' `custom_tool_call`); its
   * result then goes back as that provider's custom output. Absent or 'function': a function call.
   */
  type?: 'function' | 'custom';
  /**
   * An opaque token the provider wants back with this call (Gemini's `thoughtSignature`). Valid
   * only for the provider and model in the message's `origin`.
   */
  signature?: string;
  /** The provider's own item id when it differs from `id` (OpenAI Responses' `fc_…`). */
  providerItemId?: string;
}

export interface ToolResultData {
  toolCallId: string;
  /** Text, or any JSON value (sent as JSON text where a provider wants a string). */
  content: string | Record<string, unknown> | unknown[];
  isError: boolean;
  /** The tool's name; Gemini keys results by name. Filled from the call when missing. */
  toolName?: string;
  /** An image the tool produced (base64), for providers that accept images in results. */
  imageData?: string;
  imageMediaType?: string;
}

export interface ThinkingData {
  /** The visible reasoning text ('' for redacted or signature-only reasoning). */
  text: string;
  /**
   * The opaque token to echo back: Anthropic's `signature` (or a redacted block's `data`),
   * OpenAI's `encrypted_content`, Gemini's `thoughtSignature`.
   */
  signature?: string;
  redacted: boolean;
  /** The provider's own id for the reasoning item (OpenAI `rs_…`). */
  providerItemId?: string;
}

export type ContentPart =
  | { kind: 'text'; text: string; signature?: string }
  | { kind: 'image'; image: ImageData }
  | { kind: 'audio'; audio: AudioData }
  | { kind: 'document'; document: DocumentData }
  | { kind: 'tool_call'; toolCall: ToolCallData }
  | { kind: 'tool_result'; toolResult: ToolResultData }
  | { kind: 'thinking'; thinking: ThinkingData }
  | { kind: 'redacted_thinking'; thinking: ThinkingData };

export type ContentKind = ContentPart['kind'];

/** Which provider and model produced an assistant message; its signatures are valid only there. */
export interface MessageOrigin {
  provider: string;
  model: string;
}

export interface Message {
  role: Role;
  content: ContentPart[];
  /** An optional participant name (OpenAI-compatible servers). */
  name?: string;
  /** For role 'tool': the call this message answers (its content holds the tool_result part). */
  toolCallId?: string;
  /** For assistant messages from a response. */
  origin?: MessageOrigin;
}

/** Constructors and accessors for messages. */
export const Message = {
  system: (text: string): Message => ({ role: 'system', content: [{ kind: 'text', text }] }),
  developer: (text: string): Message => ({ role: 'developer', content: [{ kind: 'text', text }] }),
  user: (text: string): Message => ({ role: 'user', content: [{ kind: 'text', text }] }),
  assistant: (text: string): Message => ({ role: 'assistant', content: [{ kind: 'text', text }] }),
  toolResult: (
    toolCallId: string,
    content: ToolResultData['content'],
    isError = false,
    toolName?: string,
  ): Message => ({
    role: 'tool',
    toolCallId,
    content: [
      {
        kind: 'tool_result',
        toolResult: { toolCallId, content, isError, ...(toolName ? { toolName } : {}) },
      },
    ],
  }),
  /** The message's text parts joined, or ''. */
  text: (message: Message): string =>
    message.content.map((part) => (part.kind === 'text' ? part.text : '')).join(''),
  toolCalls: (message: Message): ToolCallData[] =>
    message.content.flatMap((part) => (part.kind === 'tool_call' ? [part.toolCall] : [])),
  reasoning: (message: Message): string =>
    message.content.map((part) => (part.kind === 'thinking' ? part.thinking.text : '')).join(''),
};
