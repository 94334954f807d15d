// Test helpers for the OpenAI adapters: the fake model server, adapters pointed at it, and small
// collectors. Not a test file itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { FakeModelServer, type FakeModelServerOptions } from '@weft/testkit';
import type { StreamEvent } from '../../types/stream-event.js';
import { OpenAIAdapter, type OpenAIAdapterOptions } from './openai-adapter.js';

// The SDK reads these when an option is absent; tests must not depend on the developer's shell.
for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_ORG_ID', 'OPENAI_PROJECT_ID']) {
  delete process.env[name];
}

export const MODEL = 'gpt-5.2';

export function startServer(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
  return FakeModelServer.start(options);
}

export function openaiAdapter(
  server: FakeModelServer,
  options: Partial<OpenAIAdapterOptions> = {},
): OpenAIAdapter {
  return new OpenAIAdapter({ apiKey: 'sk-test', baseUrl: server.baseUrls.openai, ...options });
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Collects events until the stream throws; returns both (failing the test if it does not throw). */
export async function collectUntilError(
  events: AsyncIterable<StreamEvent>,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const out: StreamEvent[] = [];
  try {
    for await (const event of events) out.push(event);
  } catch (error) {
    return { events: out, error };
  }
  throw new Error(`expected the stream to fail, but it ended after ${out.length} events`);
}

/** What `fn` threw (failing the test if it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}

export function eventTypes(events: readonly StreamEvent[]): string[] {
  return events.map((event) => event.type);
}

export function textDeltas(events: readonly StreamEvent[]): string {
  return events.map((event) => (event.type === 'text_delta' ? event.delta : '')).join('');
}

/** The finish event of a stream (failing the test if the stream did not end with one). */
export function finishOf(events: readonly StreamEvent[]): Extract<StreamEvent, { type: 'finish' }> {
  const finish = events.at(-1);
  if (finish?.type !== 'finish') throw new Error(`the stream ended with ${finish?.type ?? 'nothing'}`);
  return finish;
}

/** A value with every `raw` member removed (raw bodies carry timestamps and per-request ids). */
export function withoutRaw<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, inner) => (key === 'raw' ? undefined : inner))) as T;
}

/**
 * A TCP server that accepts connections and never answers: what a hung upstream looks like.
 * Real sockets, so the SDK's own timeout path runs.
 */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:net');
  const sockets = new Set<import('node:net').Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const silent = await startSilentServer();
  await silent.close();
  return silent.url;
}

/** The `input` items of the i-th recorded Responses request. */
export function recordedInput(server: FakeModelServer, index: number): Record<string, unknown>[] {
  const input = server.requests[index]?.body.input;
  return Array.isArray(input) ? (input as Record<string, unknown>[]) : [];
}

/**
 * A plain HTTP server answering every request with fixed bytes: for what a real server sends that
 * the fake model server does not script (vLLM's and Mistral's error bodies, a server that sends
 * every tool call at index 0), or to watch the connection from the server's side.
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

/**
 * A server that opens a stream with `firstFrames` and then says nothing more, resolving `closed`
 * when the client drops the connection: proof that abort and the idle timeout close it.
 */
export async function startHangingStream(firstFrames: string): Promise<{
  url: string;
  closed: Promise<void>;
  close(): Promise<void>;
}> {
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const server = await startCannedServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    response.write(firstFrames);
    request.socket.on('close', markClosed);
  });
  return { ...server, closed };
}
