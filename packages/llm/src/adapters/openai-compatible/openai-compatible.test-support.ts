// Test helpers for the OpenAI-compatible adapter. Not a test file itself.
import type { FakeModelServer } from '@weft/testkit';
import { OpenAICompatibleAdapter, type OpenAICompatibleAdapterOptions } from './openai-compatible-adapter.js';

export { sseBody, startCannedServer } from '../openai/openai.test-support.js';

export const CHAT_MODEL = 'qwen3-coder';

/** An adapter on the fake server under a server-like prefix (Ollama's `/v1`, OpenRouter's `/api/v1`). */
export function compatAdapter(
  server: FakeModelServer,
  options: Partial<OpenAICompatibleAdapterOptions> = {},
): OpenAICompatibleAdapter {
  return new OpenAICompatibleAdapter({ baseUrl: `${server.url}/api/v1`, ...options });
}

/** The `messages` of the i-th recorded Chat request. */
export function recordedMessages(server: FakeModelServer, index: number): Record<string, unknown>[] {
  const messages = server.requests[index]?.body.messages;
  return Array.isArray(messages) ? (messages as Record<string, unknown>[]) : [];
}

/** The tool-call ids of one recorded assistant message. */
export function recordedCallIds(server: FakeModelServer, request: number, message: number): string[] {
  const calls = recordedMessages(server, request)[message]?.tool_calls;
  return Array.isArray(calls) ? calls.map((call) => String((call as { id?: unknown }).id)) : [];
}
