import type { Message } from './content.js';

/** A JSON Schema object (root type "object" for tool parameters). */
export type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  /** `[a-zA-Z][a-zA-Z0-9_-]*`, at most 64 characters. */
  name: string;
  description: string;
  /**
   * The JSON arguments. For a custom tool (one with `format`), the JSON form of its input, which
   * is {@link CUSTOM_TOOL_PARAMETERS} (`{ input: string }`): what providers without custom tools
   * are sent instead.
   */
  parameters: JsonSchema;
  /**
   * Makes this a custom (freeform) tool: the model answers with raw text in this format rather
   * than JSON arguments, and its calls come back with `type: 'custom'` and that text as their
   * `arguments`. OpenAI's Responses API has custom tools; every other adapter sends the tool as a
   * function with `parameters` (and says so in a warning), so its calls arrive as function calls
   * whose arguments are `{ input }`.
   */
  format?: CustomToolFormat;
}

/** The input a custom tool takes: any text, or text a grammar accepts (Lark or a regular expression). */
export type CustomToolFormat =
  | { type: 'text' }
  | { type: 'grammar'; syntax: 'lark' | 'regex'; definition: string };

/**
 * The JSON form of a custom tool's input: one required string, `input`. A custom tool's
 * `parameters`, so that a provider without custom tools can still offer it as a function.
 */
export const CUSTOM_TOOL_PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: Object.freeze({ input: Object.freeze({ type: 'string' }) }),
  required: Object.freeze(['input']),
  additionalProperties: false,
});

export type ToolChoice =
  | { mode: 'auto' }
  | { mode: 'none' }
  | { mode: 'required' }
  | { mode: 'named'; toolName: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json' }
  | { type: 'json_schema'; jsonSchema: JsonSchema; name?: string; strict?: boolean };

/** 'xhigh' and 'minimal'/'none' pass through to providers that have them. */
export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

/**
 * Provider-specific fields, keyed by provider name. Each adapter reads only its own key
 * (`anthropic`, `openai`, `gemini`, or a compatible provider's name).
 */
export type ProviderOptions = Record<string, Record<string, unknown>>;

export interface Request {
  model: string;
  messages: Message[];
  /** Which registered adapter serves the request; the client's default when absent. */
  provider?: string;
  tools?: ToolDefinition[];
  /** Defaults to auto when tools are present. */
  toolChoice?: ToolChoice;
  responseFormat?: ResponseFormat;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stopSequences?: string[];
  reasoningEffort?: ReasoningEffort;
  metadata?: Record<string, string>;
  providerOptions?: ProviderOptions;
}
