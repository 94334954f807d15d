import type * as AnthropicModule from '@anthropic-ai/sdk';

/** The SDK module: the client class and its error classes. */
export type AnthropicSdk = typeof AnthropicModule;

let loading: Promise<AnthropicSdk> | undefined;

/**
 * Loads `@anthropic-ai/sdk` on first use, so importing @weft/llm does not load three SDKs (the
 * CLI must start fast). Every adapter shares the one module.
 */
export function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loading ??= import('@anthropic-ai/sdk').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
