import type { ReasoningEffort } from '@weft/llm';

export const REASONING_EFFORTS: readonly ReasoningEffort[] = [
  'none',
  'minimal',
  'low',
  'medium',
  'high',
  'xhigh',
];

/** Which of the profile's tools the model gets (see runtime/tool-presets.ts). */
export type ToolPreset = 'default' | 'minimal' | 'readonly';
export const TOOL_PRESETS: readonly ToolPreset[] = ['default', 'minimal', 'readonly'];

/** The profiles a provider's requests may be shaped by. */
export type ProfileName = 'anthropic' | 'openai' | 'gemini' | 'generic';
export const PROFILE_NAMES: readonly ProfileName[] = ['anthropic', 'openai', 'gemini', 'generic'];

/** An extra OpenAI-compatible provider (Chat Completions): Ollama, vLLM, OpenRouter, Groq, … */
export interface ProviderSettings {
  /** Up to and including the version segment, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  /** The environment variable holding the key (preferred over `apiKey`). */
  apiKeyEnv?: string;
  /** The key itself, for servers with a fixed local key. */
  apiKey?: string;
  /** The model used when `--model` names none. */
  model?: string;
  /** The profile shaping its requests; default `generic`. */
  profile?: ProfileName;
  /** @weft/llm's quirk preset (`ollama`, `vllm`, `openrouter`, `groq`, …); default the provider's name. */
  preset?: string;
}

/** One settings file (user or project level); every key is optional. */
export interface Settings {
  provider?: string;
  model?: string;
  effort?: ReasoningEffort;
  tools?: ToolPreset;
  allowedTools?: string[];
  systemPromptAppend?: string;
  maxTurns?: number;
  maxCostUsd?: number;
  compaction?: boolean;
  providers?: Record<string, ProviderSettings>;
  /** Model catalog entries added at start-up (prices, context windows), in @weft/llm's catalog format. */
  models?: unknown[];
}

export const SETTINGS_KEYS: readonly (keyof Settings)[] = [
  'provider',
  'model',
  'effort',
  'tools',
  'allowedTools',
  'systemPromptAppend',
  'maxTurns',
  'maxCostUsd',
  'compaction',
  'providers',
  'models',
];

export const BUILT_IN_PROVIDERS = ['anthropic', 'openai', 'gemini'] as const;
