// Test helpers: a fake Gemini server from @weft/testkit and this adapter pointed at it.
import { FakeModelServer, type FakeModelServerOptions } from '@weft/testkit';
import type { StreamEvent } from '../../types/stream-event.js';
import { GeminiAdapter, type GeminiAdapterOptions } from './gemini-adapter.js';

// The SDK reads these when no base URL or mode is given; tests must not depend on the shell.
for (const name of ['GOOGLE_GEMINI_BASE_URL', 'GOOGLE_GENAI_API_VERSION', 'GOOGLE_GENAI_USE_VERTEXAI']) {
  delete process.env[name];
}

export const TEST_KEY = 'gemini-test-key';

export async function startGemini(
  options: { server?: FakeModelServerOptions; adapter?: GeminiAdapterOptions } = {},
): Promise<{ server: FakeModelServer; adapter: GeminiAdapter }> {
  const server = await FakeModelServer.start(options.server);
  const adapter = new GeminiAdapter({
    apiKey: TEST_KEY,
    baseUrl: server.baseUrls.gemini,
    ...options.adapter,
  });
  return { server, adapter };
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const all: StreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** Runs `fn` and returns what it threw; fails the test when it does not throw. */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}

/** The last event, which a complete stream ends with: `finish`. */
export function finishOf(events: readonly StreamEvent[]): Extract<StreamEvent, { type: 'finish' }> {
  const last = events.at(-1);
  if (last?.type !== 'finish')
    throw new Error(`the stream ended with ${last?.type ?? 'nothing'}, not finish`);
  return last;
}
