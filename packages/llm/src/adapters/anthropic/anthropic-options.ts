import type { ThinkingConfigParam } from '@anthropic-ai/sdk/resources/messages';

/** How to reach the Messages API. */
export interface AnthropicAdapterOptions {
  /** The API key. Default: `ANTHROPIC_API_KEY` from the environment. */
  apiKey?: string;
  /** Default: the SDK's (`https://api.anthropic.com`, or `ANTHROPIC_BASE_URL`). */
  baseUrl?: string;
  /** Headers sent with every request (an `anthropic-beta` here is merged with per-request betas). */
  defaultHeaders?: Record<string, string>;
  /** Milliseconds to wait for response headers, connect included. Default 120 000. */
  requestTimeoutMs?: number;
  /** Longest gap between two stream events. Default 30 000. */
  streamIdleTimeoutMs?: number;
  /**
   * The fetch the SDK makes its calls with, such as `createNodeHttpFetch({ proxyEnv })` from
   * `@weft/llm/node-http-fetch` to go through a proxy. Default: the global fetch.
   */
  fetch?: typeof fetch;
}

/**
 * `request.providerOptions.anthropic`. The named fields steer the adapter; every other field is
 * copied into the request body as it is (`top_k`, `service_tier`, `container`, ...), last, so it
 * wins over what the adapter computed (`output_config` is merged one level deep).
 */
export interface AnthropicProviderOptions {
  /** Joined with commas into the `anthropic-beta` header (`beta_headers` is accepted too). */
  betaHeaders?: string[];
  /** `false` turns automatic `cache_control` breakpoints off (`auto_cache` is accepted too). */
  autoCache?: boolean;
  /** Sent as the body's `thinking`, instead of what `reasoningEffort` maps to. */
  thinking?: ThinkingConfigParam;
  [field: string]: unknown;
}

/** The provider options split into what steers the adapter and what goes into the body. */
export interface ResolvedProviderOptions {
  betaHeaders: string[];
  autoCache: boolean;
  thinking: ThinkingConfigParam | undefined;
  body: Record<string, unknown>;
}

/** Reads `providerOptions.anthropic`, accepting the spec's snake_case names beside ours. */
export function resolveProviderOptions(
  options: Record<string, unknown> | undefined,
): ResolvedProviderOptions {
  const { betaHeaders, beta_headers, autoCache, auto_cache, thinking, ...body } = (options ??
    {}) as AnthropicProviderOptions & { beta_headers?: unknown; auto_cache?: unknown };
  const betas = betaHeaders ?? beta_headers;
  return {
    betaHeaders: Array.isArray(betas) ? betas.filter((b): b is string => typeof b === 'string') : [],
    autoCache: (autoCache ?? auto_cache) !== false,
    thinking: thinking ?? undefined,
    body,
  };
}
