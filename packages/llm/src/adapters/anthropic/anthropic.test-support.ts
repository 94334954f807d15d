// Test support: the adapter pointed at a testkit fake server, and small helpers for reading results.
import type { FakeModelServer } from '@weft/testkit';
import type { StreamEvent } from '../../types/stream-event.js';
import { AnthropicAdapter } from './anthropic-adapter.js';
import type { AnthropicAdapterOptions } from './anthropic-options.js';

// The SDK reads these when no option says otherwise; tests must not depend on the developer's shell.
for (const name of [
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_CUSTOM_HEADERS',
  'ANTHROPIC_LOG',
]) {
  delete process.env[name];
}

/** A current model id the SDK does not warn about. */
export const MODEL = 'claude-sonnet-5-5';

export function adapterFor(server: FakeModelServer, options: AnthropicAdapterOptions = {}): AnthropicAdapter {
  return new AnthropicAdapter({ apiKey: 'sk-ant-test', baseUrl: server.baseUrls.anthropic, ...options });
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** Runs `fn` and returns what it threw (failing the test if it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}

/** The finish event of a stream (failing the test if there is none). */
export function finishOf(events: readonly StreamEvent[]): Extract<StreamEvent, { type: 'finish' }> {
  const finish = events.find((event) => event.type === 'finish');
  if (finish?.type !== 'finish') throw new Error('the stream has no finish event');
  return finish;
}

/** A Messages API turn as the server recorded it. */
export interface SentTurn {
  role: string;
  content: Record<string, unknown>[];
}

/** The `messages` of the recorded request number `index` (the last one by default). */
export function sentMessages(server: FakeModelServer, index = server.requests.length - 1): SentTurn[] {
  const messages = server.requests[index]?.body.messages;
  return Array.isArray(messages) ? (messages as SentTurn[]) : [];
}
