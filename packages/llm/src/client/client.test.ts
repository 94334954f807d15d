import { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/sdk-error.js';
import { collect, PROVIDERS, startProviders, TEST_KEY } from '../parity/providers.test-support.js';
import { Message } from '../types/content.js';
import type { Request } from '../types/request.js';
import type { StreamEvent } from '../types/stream-event.js';
import { Client } from './client.js';
import { getDefaultClient, setDefaultClient } from './default-client.js';
import type { Middleware } from './middleware.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
  server.when(
    () => true,
    (request) => ({ content: [{ type: 'text', text: `hello from ${request.protocol}` }] }),
  );
});
afterEach(async () => {
  setDefaultClient(undefined);
  await server.close();
});

const ask = (model: string, provider?: string): Request => ({
  model,
  messages: [Message.user('hi')],
  ...(provider ? { provider } : {}),
});

describe('Client construction and routing', () => {
  it('U1.1 fromEnv registers only the providers whose key is set, the first as default, with their base URLs', async () => {
    const client = Client.fromEnv({
      OPENAI_API_KEY: TEST_KEY,
      OPENAI_BASE_URL: server.baseUrls.openai,
      GOOGLE_API_KEY: TEST_KEY,
      GEMINI_BASE_URL: server.baseUrls.gemini,
      ANTHROPIC_API_KEY: '',
    });
    expect(client.providers).toEqual(['openai', 'gemini']);
    expect(client.defaultProvider).toBe('openai');
    const openai = await client.complete(ask('gpt-5.4'));
    const gemini = await client.complete(ask('gemini-3-flash-preview', 'gemini'));
    expect([Message.text(openai.message), Message.text(gemini.message)]).toEqual([
      'hello from openai-responses',
      'hello from gemini',
    ]);
    expect(server.requests.map((r) => r.headers.authorization ?? r.headers['x-goog-api-key'])).toEqual([
      `Bearer ${TEST_KEY}`,
      TEST_KEY,
    ]);
  });

  it('U1.1 fromEnv puts Anthropic first when its key is set, and sends the OpenAI organization and project', async () => {
    const client = Client.fromEnv({
      OPENAI_API_KEY: TEST_KEY,
      OPENAI_BASE_URL: server.baseUrls.openai,
      OPENAI_ORG_ID: 'org-1',
      OPENAI_PROJECT_ID: 'proj-1',
      ANTHROPIC_API_KEY: TEST_KEY,
      ANTHROPIC_BASE_URL: server.baseUrls.anthropic,
    });
    expect(client.providers).toEqual(['anthropic', 'openai']);
    await client.complete(ask('claude-sonnet-5-5'));
    await client.complete(ask('gpt-5.4', 'openai'));
    expect(server.requests.map((r) => r.protocol)).toEqual(['anthropic', 'openai-responses']);
    expect(server.requests[1]?.headers).toMatchObject({
      'openai-organization': 'org-1',
      'openai-project': 'proj-1',
    });
  });

  it('U1.2 takes explicit adapters, as a list or by name', async () => {
    const list = new Client({
      providers: [PROVIDERS.anthropic.adapter(server), PROVIDERS.gemini.adapter(server)],
    });
    expect(list.providers).toEqual(['anthropic', 'gemini']);
    const named = new Client({ providers: { primary: PROVIDERS.openai.adapter(server) } });
    expect(named.providers).toEqual(['primary']);
    const response = await named.complete(ask('gpt-5.4', 'primary'));
    expect(response.provider).toBe('openai');
  });

  it('U1.3 routes by request.provider', async () => {
    const { server: own, client } = await startProviders();
    try {
      own.when(
        () => true,
        (request) => ({ content: [{ type: 'text', text: request.protocol }] }),
      );
      for (const provider of [PROVIDERS.gemini, PROVIDERS.compat, PROVIDERS.openai, PROVIDERS.anthropic]) {
        const response = await client.complete(ask(provider.model, provider.name));
        expect(Message.text(response.message)).toBe(provider.protocol);
      }
    } finally {
      await own.close();
    }
  });

  it('fromEnv gives every adapter the fetch it is given (here each call is recorded, then sent)', async () => {
    const sent: string[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const client = Client.fromEnv(
      {
        ANTHROPIC_API_KEY: TEST_KEY,
        ANTHROPIC_BASE_URL: server.baseUrls.anthropic,
        OPENAI_API_KEY: TEST_KEY,
        OPENAI_BASE_URL: server.baseUrls.openai,
        GEMINI_API_KEY: TEST_KEY,
        GEMINI_BASE_URL: server.baseUrls.gemini,
      },
      { fetch: recording },
    );
    await client.complete(ask('claude-sonnet-5-5', 'anthropic'));
    await client.complete(ask('gpt-5.4', 'openai'));
    await client.complete(ask('gemini-3-flash-preview', 'gemini'));
    expect(sent).toEqual([
      '/v1/messages',
      '/v1/responses',
      '/v1beta/models/gemini-3-flash-preview:generateContent',
    ]);
    expect(server.requests).toHaveLength(3);
  });

  it('U1.4 uses the default provider when the request names none, and an explicit default over the first', async () => {
    const client = new Client({
      providers: [PROVIDERS.anthropic.adapter(server), PROVIDERS.gemini.adapter(server)],
      defaultProvider: 'gemini',
    });
    await client.complete(ask('gemini-3-flash-preview'));
    expect(server.lastRequest?.protocol).toBe('gemini');
  });

  it('U1.5 raises ConfigurationError naming the registered providers when it cannot route', async () => {
    const empty = Client.fromEnv({});
    await expect(empty.complete(ask('gpt-5.4'))).rejects.toThrow(ConfigurationError);
    await expect(collect(empty.stream(ask('gpt-5.4')))).rejects.toThrow(ConfigurationError);
    const client = new Client({ providers: [PROVIDERS.anthropic.adapter(server)] });
    await expect(client.complete(ask('gpt-5.4', 'openai'))).rejects.toThrow(
      'No provider "openai" is registered (registered: anthropic).',
    );
    expect(() => new Client({ providers: [], defaultProvider: 'openai' })).toThrow(ConfigurationError);
    expect(server.requests).toHaveLength(0);
  });

  it('U1.7 the module default client is built lazily from the environment, and can be replaced', async () => {
    const saved = { ...process.env };
    try {
      for (const key of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY'])
        delete process.env[key];
      process.env.GEMINI_API_KEY = TEST_KEY;
      process.env.GEMINI_BASE_URL = server.baseUrls.gemini;
      const lazy = getDefaultClient();
      expect(lazy.providers).toEqual(['gemini']);
      expect(getDefaultClient()).toBe(lazy);
      const mine = new Client({ providers: [PROVIDERS.openai.adapter(server)] });
      setDefaultClient(mine);
      expect(getDefaultClient()).toBe(mine);
    } finally {
      process.env = saved;
    }
  });

  it('close() closes every adapter', async () => {
    const closed: string[] = [];
    const adapters = [PROVIDERS.anthropic.adapter(server), PROVIDERS.gemini.adapter(server)].map((adapter) =>
      Object.assign(adapter, { close: async () => void closed.push(adapter.name) }),
    );
    await new Client({ providers: adapters }).close();
    expect(closed.sort()).toEqual(['anthropic', 'gemini']);
  });
});

describe('Client middleware', () => {
  /** A middleware that records when it sees the request and the response. */
  const tracing = (name: string, log: string[]): Middleware => ({
    name,
    complete: async (request, next, options) => {
      log.push(`${name} in`);
      const response = await next(request, options);
      log.push(`${name} out`);
      return response;
    },
    stream: async function* (request, next, options) {
      log.push(`${name} in`);
      for await (const event of next(request, options)) {
        if (event.type === 'finish') log.push(`${name} finish`);
        yield event;
      }
      log.push(`${name} out`);
    },
  });

  it('U1.6 runs in registration order on the request and in reverse on the response', async () => {
    const log: string[] = [];
    const client = new Client({
      providers: [PROVIDERS.anthropic.adapter(server)],
      middleware: [tracing('outer', log), tracing('inner', log)],
    });
    await client.complete(ask('claude-sonnet-5-5'));
    expect(log).toEqual(['outer in', 'inner in', 'inner out', 'outer out']);
  });

  it('U1.6 wraps streams too: each layer sees every event, inner first', async () => {
    const log: string[] = [];
    const client = new Client({
      providers: [PROVIDERS.openai.adapter(server)],
      middleware: [tracing('outer', log), tracing('inner', log)],
    });
    const events = await collect(client.stream(ask('gpt-5.4')));
    expect(events.at(-1)?.type).toBe('finish');
    expect(log).toEqual(['outer in', 'inner in', 'inner finish', 'outer finish', 'inner out', 'outer out']);
  });

  it('may change the request (route elsewhere) and transform stream events', async () => {
    const reroute: Middleware = {
      complete: (request, next, options) =>
        next({ ...request, provider: 'gemini', model: 'gemini-3-flash-preview' }, options),
    };
    const shout: Middleware = {
      stream: async function* (request, next, options) {
        for await (const event of next(request, options)) {
          yield event.type === 'text_delta'
            ? ({ ...event, delta: event.delta.toUpperCase() } satisfies StreamEvent)
            : event;
        }
      },
    };
    const client = new Client({
      providers: [PROVIDERS.anthropic.adapter(server), PROVIDERS.gemini.adapter(server)],
      middleware: [reroute, shout],
    });
    const response = await client.complete(ask('claude-sonnet-5-5'));
    expect(response.provider).toBe('gemini');
    const events = await collect(client.stream(ask('claude-sonnet-5-5')));
    const text = events.flatMap((e) => (e.type === 'text_delta' ? [e.delta] : [])).join('');
    expect(text).toBe('HELLO FROM ANTHROPIC');
  });
});

describe('Client history repair', () => {
  it('repairs the history for the target before sending, and reports what it changed', async () => {
    const changes: string[] = [];
    const client = new Client({
      providers: [PROVIDERS.anthropic.adapter(server)],
      onHistoryRepair: (found) => changes.push(...found.map((c) => c.kind)),
    });
    const interrupted: Message[] = [
      Message.user('read a.ts'),
      {
        role: 'assistant',
        content: [
          { kind: 'tool_call', toolCall: { id: 'toolu_1', name: 'read_file', arguments: { path: 'a.ts' } } },
        ],
      },
      Message.user('never mind, say hi'),
    ];
    // Strict mode: Anthropic would reject the dangling tool_use; the repaired request goes through.
    await client.complete({ model: 'claude-sonnet-5-5', messages: interrupted });
    expect(changes).toEqual(['synthetic_tool_result_added']);
    expect(server.lastRequest?.outcome.type).toBe('turn');
    expect(server.lastRequest?.view.messages[1]?.toolCalls.map((c) => c.id)).toEqual(['toolu_1']);
  });

  it('never retries: one failing request is one HTTP request', async () => {
    server.reset();
    server.enqueue({ error: { kind: 'overloaded' } });
    const client = new Client({ providers: [PROVIDERS.anthropic.adapter(server)] });
    await expect(client.complete(ask('claude-sonnet-5-5'))).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });
});
