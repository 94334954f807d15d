import { getEventListeners } from 'node:events';
import { FakeModelServer } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../client/client.js';
import { Message } from '../../types/content.js';
import { AnthropicAdapter } from '../anthropic/anthropic-adapter.js';
import { GeminiAdapter } from '../gemini/gemini-adapter.js';
import { OpenAIAdapter } from '../openai/openai-adapter.js';
import { OpenAICompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import type { ProviderAdapter } from '../provider-adapter.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await FakeModelServer.start({ loop: true, turns: [{ content: [{ type: 'text', text: 'ok' }] }] });
});
afterAll(async () => {
  await server.close();
});

const adapters: [string, () => ProviderAdapter, string][] = [
  [
    'anthropic',
    () => new AnthropicAdapter({ apiKey: 'k', baseUrl: server.baseUrls.anthropic }),
    'claude-sonnet-5-5',
  ],
  ['openai', () => new OpenAIAdapter({ apiKey: 'k', baseUrl: server.baseUrls.openai }), 'gpt-5'],
  ['gemini', () => new GeminiAdapter({ apiKey: 'k', baseUrl: server.baseUrls.gemini }), 'gemini-2.5-flash'],
  [
    'openai-compatible',
    () => new OpenAICompatibleAdapter({ apiKey: 'k', baseUrl: server.baseUrls.openai }),
    'llama',
  ],
];

describe('a session-long abort signal', () => {
  it.each(adapters)('keeps no listener behind after calls through %s', async (_name, make, model) => {
    // Agents pass one signal to every call of a session; a listener left per call piles up.
    const client = new Client({ providers: [make()] });
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) {
      for await (const _ of client.stream(
        { model, messages: [Message.user('hi')] },
        { signal: controller.signal },
      )) {
        // drain
      }
      await client.complete({ model, messages: [Message.user('hi')] }, { signal: controller.signal });
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    await client.close();
  });
});
