import type { ToolCallIdRule } from '../provider-adapter.js';

/**
 * How one OpenAI-compatible server departs from OpenAI's own Chat Completions. Data, not code:
 * the adapter reads these flags, and a caller can override any of them.
 */
export interface ChatQuirks {
  /** The tool-call ids the server accepts; history repair rewrites ids that do not fit. Undefined: any. */
  toolCallIdRule: ToolCallIdRule | undefined;
  /** Which field carries `maxTokens`: OpenAI's newer `max_completion_tokens`, or `max_tokens`. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Whether to send `stream_options: { include_usage: true }` (some servers reject the field). */
  streamUsage: boolean;
  /** The role developer messages are sent with ('developer' only where the server knows it). */
  developerRole: 'developer' | 'system';
  /** Message / delta fields read as reasoning text, in order of preference. */
  reasoningFields: readonly string[];
  /** The field assistant reasoning is sent back in, or false to send none. */
  replayReasoning: false | 'reasoning_content' | 'reasoning';
  /** How `reasoningEffort` is sent: `reasoning_effort`, OpenRouter's `reasoning: { effort }`, or not at all. */
  reasoningEffort: 'reasoning_effort' | 'reasoning.effort' | false;
  /** Whether user messages may carry images (`image_url` parts). */
  images: boolean;
  /** Whether user messages may carry audio (`input_audio` parts, wav or mp3). */
  audio: boolean;
  /** Whether user messages may carry documents (`file` parts with inline data). */
  documents: boolean;
}

/** OpenAI Chat ids are limited to 40 characters; a safe shape for servers that say nothing. */
const OPENAI_CHAT_IDS: ToolCallIdRule = { pattern: /^[A-Za-z0-9_-]+$/, maxLength: 40 };
/** Mistral rejects any tool-call id that is not exactly nine letters and digits. */
const MISTRAL_IDS: ToolCallIdRule = { pattern: /^[A-Za-z0-9]{9}$/, maxLength: 9 };

/** What a server that has no preset gets: the common ground of the compatible servers. */
export const DEFAULT_CHAT_QUIRKS: ChatQuirks = Object.freeze({
  toolCallIdRule: OPENAI_CHAT_IDS,
  maxTokensField: 'max_tokens',
  streamUsage: true,
  developerRole: 'system',
  reasoningFields: ['reasoning_content', 'reasoning'],
  replayReasoning: false,
  reasoningEffort: 'reasoning_effort',
  images: true,
  audio: false,
  documents: false,
});

/**
 * Known servers, by the adapter name they are usually registered under. Only differences from
 * the defaults are listed.
 */
export const CHAT_QUIRK_PRESETS: Readonly<Record<string, Partial<ChatQuirks>>> = Object.freeze({
  openai: {
    maxTokensField: 'max_completion_tokens',
    developerRole: 'developer',
    audio: true,
    documents: true,
  },
  mistral: {
    toolCallIdRule: MISTRAL_IDS,
    // Mistral validates request fields strictly, and reports usage in the last chunk unasked.
    streamUsage: false,
    reasoningEffort: false,
  },
  groq: { maxTokensField: 'max_completion_tokens', reasoningFields: ['reasoning', 'reasoning_content'] },
  // DeepSeek thinking mode needs the reasoning of tool-calling turns sent back (a 400 otherwise);
  // it ignores it elsewhere. It takes no images.
  deepseek: { replayReasoning: 'reasoning_content', images: false },
  xai: { maxTokensField: 'max_completion_tokens' },
  openrouter: {
    reasoningFields: ['reasoning', 'reasoning_content'],
    reasoningEffort: 'reasoning.effort',
    documents: true,
  },
  ollama: { reasoningFields: ['reasoning', 'reasoning_content'] },
  vllm: {},
  lmstudio: {},
});

/** The preset named `preset` (the adapter's name by default), with `overrides` on top. */
export function resolveChatQuirks(preset: string, overrides: Partial<ChatQuirks> = {}): ChatQuirks {
  return { ...DEFAULT_CHAT_QUIRKS, ...CHAT_QUIRK_PRESETS[preset], ...overrides };
}
