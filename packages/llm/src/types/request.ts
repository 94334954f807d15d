import type { Message } from './content.js';

/** A JSON Schema object (root type "object" for tool parameters). */
export type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  /** `[a-zA-Z][a-zA-Z0-9_-]*`, at most 64 characters. */
  name: string;
  description: string;
  parameters: JsonSchema;
}

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
