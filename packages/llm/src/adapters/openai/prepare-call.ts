import type { Warning } from '../../types/response.js';
import type { CallOptions } from '../provider-adapter.js';
import { type CallSettings, resolveCallSettings } from './call-settings.js';
import type { OpenAIClientHandle } from './openai-client.js';
import type { ErrorTranslation } from './openai-error-mapping.js';

export interface PreparedCall<Body> extends OpenAIClientHandle {
  settings: CallSettings;
  body: Body;
  warnings: Warning[];
  /** How to map whatever this call throws before its response starts. */
  translation: ErrorTranslation;
}

/**
 * The common start of every call both OpenAI-SDK adapters make: settings from the call and the
 * adapter, the translated body, the (lazily loaded) client, and the error-translation context.
 */
export async function prepareCall<Body>(
  provider: string,
  options: CallOptions | undefined,
  adapterOptions: Parameters<typeof resolveCallSettings>[1],
  translate: () => Promise<{ body: Body; warnings: Warning[] }>,
  client: () => Promise<OpenAIClientHandle>,
): Promise<PreparedCall<Body>> {
  const settings = resolveCallSettings(options, adapterOptions);
  const { body, warnings } = await translate();
  const handle = await client();
  return {
    ...handle,
    settings,
    body,
    warnings,
    translation: {
      provider,
      sdk: handle.sdk,
      capture: handle.capture,
      signal: settings.signal,
      phase: 'request',
      requestTimeoutMs: settings.requestTimeoutMs,
    },
  };
}
