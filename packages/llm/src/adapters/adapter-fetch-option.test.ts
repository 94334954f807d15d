import { FakeModelServer, type ForwardProxy, startForwardProxy } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from '../transport/node-http-fetch.js';
import { Message } from '../types/content.js';
import { AnthropicAdapter } from './anthropic/anthropic-adapter.js';
import { GeminiAdapter } from './gemini/gemini-adapter.js';
import { OpenAIAdapter } from './openai/openai-adapter.js';
import { OpenAICompatibleAdapter } from './openai-compatible/openai-compatible-adapter.js';
import type { ProviderAdapter } from './provider-adapter.js';

/** A host only the proxy can find: a call reaches the server only through the fetch given. */
const MADE_UP_HOST = 'models.weft.test';

let server: FakeModelServer;
let proxy: ForwardProxy;
beforeAll(async () => {
  server = await FakeModelServer.start();
  server.when(() => true, { content: [{ type: 'text', text: 'Through the proxy.' }] });
  const port = Number(new URL(server.url).port);
  proxy = await startForwardProxy({
    resolve: (host) => (host === MADE_UP_HOST ? { host: '127.0.0.1', port } : undefined),
  });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const ADAPTERS: [
  string,
  string,
  (baseUrl: (url: string) => string, fetch: typeof globalThis.fetch) => ProviderAdapter,
][] = [
  [
    'AnthropicAdapter',
    'claude-sonnet-5-5',
    (base, fetch) => new AnthropicAdapter({ apiKey: 'k', baseUrl: base(server.baseUrls.anthropic), fetch }),
  ],
  [
    'OpenAIAdapter',
    'gpt-5.1',
    (base, fetch) => new OpenAIAdapter({ apiKey: 'k', baseUrl: base(server.baseUrls.openai), fetch }),
  ],
  [
    'OpenAICompatibleAdapter',
    'llama3.3',
    (base, fetch) =>
      new OpenAICompatibleAdapter({ name: 'local', baseUrl: base(server.baseUrls.openai), fetch }),
  ],
  [
    'GeminiAdapter',
    'gemini-2.5-flash',
    (base, fetch) => new GeminiAdapter({ apiKey: 'k', baseUrl: base(server.baseUrls.gemini), fetch }),
  ],
];

describe.each(ADAPTERS)('%s with a fetch of the caller’s', (_name, model, make) => {
  it('makes every call (whole and streamed) with that fetch: here one that goes through a proxy', async () => {
    const viaProxy = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: proxy.url } });
    const adapter = make((url) => url.replace('//127.0.0.1:', `//${MADE_UP_HOST}:`), viaProxy);
    const before = proxy.requests.length;
    const request = { model, messages: [Message.user('hi')] };
    const response = await adapter.complete(request);
    expect(response.message.content).toEqual([{ kind: 'text', text: 'Through the proxy.' }]);
    let streamed = '';
    for await (const event of adapter.stream(request))
      if (event.type === 'text_delta') streamed += event.delta;
    expect(streamed).toBe('Through the proxy.');
    const sent = proxy.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(
      sent.every((entry) => entry.target.startsWith(`http://${MADE_UP_HOST}:`) && entry.status === 200),
    ).toBe(true);
    await adapter.close?.();
  });
});
