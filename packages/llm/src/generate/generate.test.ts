import type { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenAIAdapter } from '../adapters/openai/openai-adapter.js';
import { Client } from '../client/client.js';
import { AbortError, ConfigurationError, RequestTimeoutError } from '../errors/sdk-error.js';
import {
  ALL,
  caught,
  type SilentServer,
  startProviders,
  startSilentServer,
  TEST_KEY,
} from '../parity/providers.test-support.js';
import { Message } from '../types/content.js';
import { generate } from './generate.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

describe.each(ALL.map((p) => [p.id, p] as const))('generate on %s', (_id, provider) => {
  const base = () => ({ client, model: provider.model, provider: provider.name });

  it('U4.1 generate(prompt) sends one user message and returns the text, usage and response', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello there.' }], usage: { input: 12, output: 3 } });
    const result = await generate({ ...base(), prompt: 'Say hello', system: 'Be brief.' });
    expect(result.text).toBe('Hello there.');
    expect(result.finishReason.reason).toBe('stop');
    expect(result.usage.outputTokens).toBe(3);
    const { raw: _raw, ...counts } = result.usage;
    expect(result.totalUsage).toEqual(counts);
    expect(result.response.provider).toBe(provider.name);
    expect(result.steps).toHaveLength(1);
    const view = server.requests[0]!.view;
    expect(view.system).toBe('Be brief.');
    expect(view.messages.map((m) => [m.role, m.text])).toEqual([['user', 'Say hello']]);
  });

  it('U4.2 generate(messages) sends the whole conversation', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Blue.' }] });
    const result = await generate({
      ...base(),
      messages: [Message.user('Pick a colour.'), Message.assistant('Red?'), Message.user('Another one.')],
    });
    expect(result.text).toBe('Blue.');
    expect(server.requests[0]!.view.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Pick a colour.'],
      ['assistant', 'Red?'],
      ['user', 'Another one.'],
    ]);
  });
});

describe('generate arguments', () => {
  it('U4.3 passing both prompt and messages is rejected before any request', async () => {
    const error = await caught(
      generate({ client, model: 'gpt-5.4', prompt: 'hi', messages: [Message.user('hi')] }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('not both');
    await expect(generate({ client, model: 'gpt-5.4' })).rejects.toBeInstanceOf(ConfigurationError);
    expect(server.requests).toHaveLength(0);
  });

  it('passes the generation settings through to the request', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await generate({
      client,
      model: 'gpt-5.4',
      provider: 'openai',
      prompt: 'hi',
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 321,
      reasoningEffort: 'high',
      providerOptions: { openai: { service_tier: 'flex' } },
    });
    expect(server.requests[0]!.body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 321,
      reasoning: { effort: 'high' },
      service_tier: 'flex',
    });
  });
});

describe('U4.9 abort and U4.10 timeouts for generate', () => {
  let silent: SilentServer;
  let silentClient: Client;
  beforeEach(async () => {
    silent = await startSilentServer();
    silentClient = new Client({
      providers: [new OpenAIAdapter({ apiKey: TEST_KEY, baseUrl: `${silent.url}/v1` })],
    });
    // Load the SDK first, so a short timeout measures the request, not the module loading.
    server.enqueue({ content: [{ type: 'text', text: 'warm' }] });
    await generate({ client, model: 'gpt-5.4', provider: 'openai', prompt: 'warm up' });
  });
  afterEach(async () => {
    await silent.close();
  });

  it('U4.9 aborting generate while the request is out rejects with AbortError', async () => {
    const controller = new AbortController();
    const pending = generate({
      client: silentClient,
      model: 'gpt-5.4',
      prompt: 'hi',
      signal: controller.signal,
    });
    await silent.arrived();
    controller.abort();
    expect(await caught(pending)).toBeInstanceOf(AbortError);
    expect(silent.requests).toBe(1);
  });

  it('U4.9 an already aborted signal sends nothing', async () => {
    const error = await caught(
      generate({ client: silentClient, model: 'gpt-5.4', prompt: 'hi', signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(silent.requests).toBe(0);
  });

  it('U4.10 a step that takes longer than perStepMs fails with RequestTimeoutError, not retried', async () => {
    const error = await caught(
      generate({ client: silentClient, model: 'gpt-5.4', prompt: 'hi', timeout: { perStepMs: 100 } }),
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toContain('100 ms');
    expect(silent.requests).toBe(1);
  });

  it('U4.9 an abort while a tool runs rejects at once, even when the tool ignores its signal', async () => {
    server.enqueue({ content: [{ type: 'tool_call', name: 'hang', arguments: {} }] });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hang = {
      name: 'hang',
      description: 'Never finishes and ignores aborts.',
      parameters: { type: 'object' },
      execute: () => {
        started();
        return new Promise(() => undefined);
      },
    };
    const controller = new AbortController();
    const pending = generate({
      client,
      model: 'gpt-5.4',
      provider: 'openai',
      prompt: 'go',
      tools: [hang],
      signal: controller.signal,
    });
    await running;
    controller.abort();
    expect(await caught(pending)).toBeInstanceOf(AbortError);
  });

  it('U4.10 the total timeout covers the whole run, tools included', async () => {
    server.when(() => true, { content: [{ type: 'tool_call', name: 'work', arguments: {} }] });
    let calls = 0;
    const work = {
      name: 'work',
      description: 'Works; the second time it never finishes on its own.',
      parameters: { type: 'object' },
      execute: (_args: unknown, context: { signal: AbortSignal }) =>
        ++calls === 1
          ? 'done'
          : new Promise((_resolve, reject) =>
              context.signal.addEventListener('abort', () => reject(new Error('stopped'))),
            ),
    };
    const error = await caught(
      generate({
        client,
        model: 'gpt-5.4',
        provider: 'openai',
        prompt: 'loop',
        tools: [work],
        maxToolRounds: 10,
        timeout: { totalMs: 500 },
      }),
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toContain('500 ms');
    expect(calls).toBe(2);
    // The warm-up request, then two steps: the deadline struck during the second step's tool.
    expect(server.requests).toHaveLength(3);
  });
});
