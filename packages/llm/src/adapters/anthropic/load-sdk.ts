import type * as AnthropicModule from '@anthropic-ai/sdk';
import type { Stream } from '@anthropic-ai/sdk/core/streaming';

/**
 * The SDK: its module (the client class and the error classes) and its SSE parser, which the
 * adapter reads stream events from directly (see the adapter's `stream()`).
 */
export type AnthropicSdk = typeof AnthropicModule & { readServerSentEvents: typeof Stream.rawEvents };

let loading: Promise<AnthropicSdk> | undefined;

/**
 * Loads `@anthropic-ai/sdk` on first use, so importing @weft/llm does not load three SDKs (the
 * CLI must start fast). Every adapter shares the one module.
 */
export function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loading ??= Promise.all([import('@anthropic-ai/sdk'), import('@anthropic-ai/sdk/core/streaming')]).then(
    ([sdk, streaming]) => ({
      ...sdk,
      readServerSentEvents: streaming.Stream.rawEvents.bind(streaming.Stream),
    }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
