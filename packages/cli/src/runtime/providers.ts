import {
  AnthropicAdapter,
  GeminiAdapter,
  OpenAIAdapter,
  OpenAICompatibleAdapter,
  type ProviderAdapter,
} from '@weft/llm';
import { ConfigError } from '../config/config-error.js';
import type { Env } from '../config/paths.js';
import type { ProfileName, Settings } from '../config/settings-schema.js';

/** A provider weft knows about: built in, or an OpenAI-compatible one from the settings. */
export interface ProviderEntry {
  name: string;
  profile: ProfileName;
  /** The model used when neither the command line nor the settings name one. */
  defaultModel: string | undefined;
  /** Whether it can be used now (its key is set, or it needs none). */
  usable: boolean;
  /** What to set to make it usable. */
  keyHint: string;
  /** Builds its adapter; the SDK itself loads on the first request. */
  create(): ProviderAdapter;
}

/** The model each built-in provider uses when nothing names one. */
export const DEFAULT_MODELS = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4',
  gemini: 'gemini-2.5-pro',
} as const;

/** The text (exit code 2) when no provider at all can be used; the README quotes it. */
export const NO_PROVIDER_MESSAGE =
  'No model provider is configured. Set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY (GOOGLE_API_KEY also works) in the environment, or add an OpenAI-compatible provider under "providers" in the settings.';

/**
 * Every provider, built-in first (Anthropic, OpenAI, Gemini: the order @weft/llm's fromEnv uses),
 * then the settings' in the order written. Keys and base URLs come from `env`; an empty variable
 * counts as unset.
 */
export function providerTable(env: Env, settings: Settings): ProviderEntry[] {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const anthropicKey = value('ANTHROPIC_API_KEY');
  const openaiKey = value('OPENAI_API_KEY');
  const geminiKey = value('GEMINI_API_KEY') ?? value('GOOGLE_API_KEY');
  const table: ProviderEntry[] = [
    {
      name: 'anthropic',
      profile: 'anthropic',
      defaultModel: DEFAULT_MODELS.anthropic,
      usable: anthropicKey !== undefined,
      keyHint: 'set ANTHROPIC_API_KEY',
      create: () => {
        const baseUrl = value('ANTHROPIC_BASE_URL');
        return new AnthropicAdapter({ apiKey: anthropicKey ?? '', ...(baseUrl ? { baseUrl } : {}) });
      },
    },
    {
      name: 'openai',
      profile: 'openai',
      defaultModel: DEFAULT_MODELS.openai,
      usable: openaiKey !== undefined,
      keyHint: 'set OPENAI_API_KEY',
      create: () => {
        const baseUrl = value('OPENAI_BASE_URL');
        const organization = value('OPENAI_ORG_ID');
        const project = value('OPENAI_PROJECT_ID');
        return new OpenAIAdapter({
          apiKey: openaiKey ?? '',
          ...(baseUrl ? { baseUrl } : {}),
          ...(organization ? { organization } : {}),
          ...(project ? { project } : {}),
        });
      },
    },
    {
      name: 'gemini',
      profile: 'gemini',
      defaultModel: DEFAULT_MODELS.gemini,
      usable: geminiKey !== undefined,
      keyHint: 'set GEMINI_API_KEY (or GOOGLE_API_KEY)',
      create: () => {
        const baseUrl = value('GEMINI_BASE_URL');
        // The SDK is handed the fetch in scope (in the built command, node-http-fetch's: see
        // src/http/web-globals.ts); with the global one it would add an undici dispatcher to each
        // call, which sends the call to Node's own fetch.
        return new GeminiAdapter({ apiKey: geminiKey ?? '', fetch, ...(baseUrl ? { baseUrl } : {}) });
      },
    },
  ];
  for (const [name, provider] of Object.entries(settings.providers ?? {})) {
    const apiKey = provider.apiKeyEnv ? value(provider.apiKeyEnv) : provider.apiKey;
    table.push({
      name,
      profile: provider.profile ?? 'generic',
      defaultModel: provider.model,
      // A provider with neither key setting needs no key (a local server).
      usable: apiKey !== undefined || (provider.apiKeyEnv === undefined && provider.apiKey === undefined),
      keyHint: provider.apiKeyEnv
        ? `set ${provider.apiKeyEnv}`
        : `set "apiKey" or "apiKeyEnv" for it in the settings`,
      create: () =>
        new OpenAICompatibleAdapter({
          name,
          baseUrl: provider.baseUrl,
          ...(apiKey ? { apiKey } : {}),
          ...(provider.preset ? { preset: provider.preset } : {}),
        }),
    });
  }
  return table;
}

/** The entry named `name`, usable; a ConfigError saying what to do otherwise. */
export function requireProvider(table: readonly ProviderEntry[], name: string): ProviderEntry {
  const entry = table.find((candidate) => candidate.name === name);
  if (!entry) {
    throw new ConfigError(
      `Unknown provider "${name}" (known: ${table.map((candidate) => candidate.name).join(', ')}; add others under "providers" in the settings).`,
    );
  }
  if (!entry.usable) throw new ConfigError(`The provider "${name}" has no API key: ${entry.keyHint}.`);
  return entry;
}
