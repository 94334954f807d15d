import type OpenAI from 'openai';
import { createErrorBodyCapture, type ErrorBodyCapture } from './error-body-capture.js';
import { loadOpenAISdk, type OpenAISdk } from './load-openai-sdk.js';

export interface OpenAIClientSettings {
  /** Absent: the server needs no key (Ollama, LM Studio), and no Authorization header is sent. */
  apiKey: string | undefined;
  baseUrl: string;
  organization?: string | undefined;
  project?: string | undefined;
  defaultHeaders?: Record<string, string> | undefined;
  /** Default: the global fetch. */
  fetch?: typeof fetch | undefined;
}

export interface OpenAIClientHandle {
  sdk: OpenAISdk;
  client: OpenAI;
  capture: ErrorBodyCapture;
}

/**
 * An `openai` client with its own retries off (the client's retry policy is the only one) and
 * every setting explicit, so nothing is read from OPENAI_* variables behind the caller's back:
 * `Client.fromEnv()` is the one place the environment is consulted.
 */
export async function createOpenAIClient(settings: OpenAIClientSettings): Promise<OpenAIClientHandle> {
  const sdk = await loadOpenAISdk();
  const capture = createErrorBodyCapture(settings.fetch);
  const keyless = settings.apiKey === undefined || settings.apiKey === '';
  const client = new sdk.OpenAI({
    // The SDK refuses to start without a key; a keyless server gets a placeholder that the
    // `Authorization: null` default header below then removes from every request.
    apiKey: keyless ? 'no-key' : settings.apiKey,
    adminAPIKey: null,
    organization: settings.organization ?? null,
    project: settings.project ?? null,
    webhookSecret: null,
    baseURL: settings.baseUrl,
    maxRetries: 0,
    // Failures reach the caller as typed errors; the SDK need not also print them.
    logLevel: 'off',
    fetch: capture.fetch,
    defaultHeaders: {
      ...settings.defaultHeaders,
      ...(keyless ? { Authorization: null } : {}),
    },
  });
  return { sdk, client, capture };
}
