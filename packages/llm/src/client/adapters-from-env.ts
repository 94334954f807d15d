import { AnthropicAdapter } from '../adapters/anthropic/anthropic-adapter.js';
import { GeminiAdapter } from '../adapters/gemini/gemini-adapter.js';
import { OpenAIAdapter } from '../adapters/openai/openai-adapter.js';
import type { ProviderAdapter } from '../adapters/provider-adapter.js';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * An adapter for each provider whose key is set, in this order (the first is the default):
 *
 * | provider | key | optional |
 * |---|---|---|
 * | anthropic | ANTHROPIC_API_KEY | ANTHROPIC_BASE_URL |
 * | openai | OPENAI_API_KEY | OPENAI_BASE_URL, OPENAI_ORG_ID, OPENAI_PROJECT_ID |
 * | gemini | GEMINI_API_KEY, else GOOGLE_API_KEY | GEMINI_BASE_URL |
 *
 * An empty variable counts as unset. With `fetch`, every adapter makes its calls with it.
 */
export function adaptersFromEnv(env: Env, fetch?: typeof globalThis.fetch): ProviderAdapter[] {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const withFetch = fetch === undefined ? {} : { fetch };
  const adapters: ProviderAdapter[] = [];
  const anthropicKey = value('ANTHROPIC_API_KEY');
  if (anthropicKey) {
    const baseUrl = value('ANTHROPIC_BASE_URL');
    adapters.push(
      new AnthropicAdapter({ apiKey: anthropicKey, ...(baseUrl ? { baseUrl } : {}), ...withFetch }),
    );
  }
  const openaiKey = value('OPENAI_API_KEY');
  if (openaiKey) {
    const baseUrl = value('OPENAI_BASE_URL');
    const organization = value('OPENAI_ORG_ID');
    const project = value('OPENAI_PROJECT_ID');
    adapters.push(
      new OpenAIAdapter({
        apiKey: openaiKey,
        ...(baseUrl ? { baseUrl } : {}),
        ...(organization ? { organization } : {}),
        ...(project ? { project } : {}),
        ...withFetch,
      }),
    );
  }
  const geminiKey = value('GEMINI_API_KEY') ?? value('GOOGLE_API_KEY');
  if (geminiKey) {
    const baseUrl = value('GEMINI_BASE_URL');
    adapters.push(new GeminiAdapter({ apiKey: geminiKey, ...(baseUrl ? { baseUrl } : {}), ...withFetch }));
  }
  return adapters;
}
