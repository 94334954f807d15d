// Test helpers for the OpenAI-compatible adapter. Not a test file itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeModelServer } from '@weft/testkit';
import { OpenAICompatibleAdapter, type OpenAICompatibleAdapterOptions } from './openai-compatible-adapter.js';

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

/**
 * A plain HTTP server answering every request with fixed bytes: for what a real compatible server
 * sends that the fake model server does not script (vLLM's and Mistral's error bodies, a server
 * that sends every tool call at index 0).
 */
export async function startCannedServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** SSE `data:` frames as Chat servers send them. */
export function sseBody(chunks: readonly unknown[], done = true): string {
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}${done ? 'data: [DONE]\n\n' : ''}`;
}

/** The tool-call ids of one recorded assistant message. */
export function recordedCallIds(server: FakeModelServer, request: number, message: number): string[] {
  const calls = recordedMessages(server, request)[message]?.tool_calls;
  return Array.isArray(calls) ? calls.map((call) => String((call as { id?: unknown }).id)) : [];
}
