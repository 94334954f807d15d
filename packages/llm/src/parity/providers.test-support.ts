import { createServer } from 'node:http';
import { FakeModelServer, type FakeModelServerOptions } from '@weft/testkit';
import { AnthropicAdapter } from '../adapters/anthropic/anthropic-adapter.js';
import { GeminiAdapter } from '../adapters/gemini/gemini-adapter.js';
import { OpenAIAdapter } from '../adapters/openai/openai-adapter.js';
import { OpenAICompatibleAdapter } from '../adapters/openai-compatible/openai-compatible-adapter.js';
import type { ProviderAdapter } from '../adapters/provider-adapter.js';
import { Client, type ClientOptions } from '../client/client.js';

export const TEST_KEY = 'test-key';

/** Where a fake model server listens, per SDK (a FakeModelServer, or one in another process). */
export type ServerUrls = Pick<FakeModelServer, 'baseUrls'>;

/** The providers the high-level tests run against: the real adapters, each on its own wire protocol. */
export type ProviderId = 'anthropic' | 'openai' | 'gemini' | 'compat';

export interface TestProvider {
  id: ProviderId;
  /** The name the adapter registers (and routes) under. */
  name: string;
  /** A model id of this provider (Gemini 3, so its thought-signature rules apply). */
  model: string;
  /** The protocol the fake server sees. */
  protocol: 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';
  adapter(server: ServerUrls, apiKey?: string): ProviderAdapter;
}

export const PROVIDERS: Record<ProviderId, TestProvider> = {
  anthropic: {
    id: 'anthropic',
    name: 'anthropic',
    model: 'claude-sonnet-5-5',
    protocol: 'anthropic',
    adapter: (server, apiKey = TEST_KEY) =>
      new AnthropicAdapter({ apiKey, baseUrl: server.baseUrls.anthropic }),
  },
  openai: {
    id: 'openai',
    name: 'openai',
    model: 'gpt-5.4',
    protocol: 'openai-responses',
    adapter: (server, apiKey = TEST_KEY) => new OpenAIAdapter({ apiKey, baseUrl: server.baseUrls.openai }),
  },
  gemini: {
    id: 'gemini',
    name: 'gemini',
    model: 'gemini-3-flash-preview',
    protocol: 'gemini',
    adapter: (server, apiKey = TEST_KEY) => new GeminiAdapter({ apiKey, baseUrl: server.baseUrls.gemini }),
  },
  compat: {
    id: 'compat',
    name: 'compat',
    model: 'llama-3.3-70b-instruct',
    protocol: 'openai-chat',
    adapter: (server, apiKey = TEST_KEY) =>
      new OpenAICompatibleAdapter({ name: 'compat', baseUrl: server.baseUrls.openai, apiKey }),
  },
};

export const NATIVE: readonly TestProvider[] = [PROVIDERS.anthropic, PROVIDERS.openai, PROVIDERS.gemini];
export const ALL: readonly TestProvider[] = [...NATIVE, PROVIDERS.compat];

/** A fake model server and a client with every test provider registered on it (`first` as default). */
export async function startProviders(
  options: {
    server?: FakeModelServerOptions;
    client?: Omit<ClientOptions, 'providers'>;
    first?: ProviderId;
  } = {},
): Promise<{ server: FakeModelServer; client: Client }> {
  const server = await FakeModelServer.start(options.server);
  const order = options.first
    ? [PROVIDERS[options.first], ...ALL.filter((p) => p.id !== options.first)]
    : ALL;
  const client = new Client({
    ...options.client,
    providers: order.map((p) => p.adapter(server, options.server?.apiKey ?? TEST_KEY)),
  });
  return { server, client };
}

/** Everything an async iterable yields. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The rejection of a promise (fails the test when it resolves). */
export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A retry sleep that records the delays and returns at once. */
export function instantSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

/**
 * A tool result's content as the provider received it, unwrapped: Gemini wraps text results as
 * `{ result }` and failures as `{ error }` (its functionResponse must be an object).
 */
export function sentResult(result: { content: string } | undefined): unknown {
  if (result === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(result.content);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && (keys[0] === 'result' || keys[0] === 'error')) {
        return (value as Record<string, unknown>)[keys[0]];
      }
    }
    return value;
  } catch {
    return result.content;
  }
}

/**
 * An HTTP server that reads requests and never answers: for timeouts and aborts of non-streamed
 * calls, which the fake model server answers at once. `requests` counts what arrived; `arrived`
 * resolves when the next request has.
 */
export interface SilentServer {
  url: string;
  requests: number;
  arrived(): Promise<void>;
  close(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<import('node:net').Socket>();
  let waiters: (() => void)[] = [];
  const state = { requests: 0 };
  const server = createServer((_request, _response) => {
    state.requests++;
    for (const wake of waiters) wake();
    waiters = [];
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    arrived: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
