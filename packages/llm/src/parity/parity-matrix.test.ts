/**
 * The U9 parity matrix of the unified LLM spec: fifteen cases, each run on Anthropic, OpenAI and
 * Gemini (45 cells), plus the OpenAI-compatible adapter where the case applies to Chat
 * Completions. Every cell uses the real adapter over HTTP against the testkit's fake server in
 * strict mode, through the high-level API.
 */
import { type FakeModelServer, match, type ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../client/client.js';
import { AuthenticationError } from '../errors/sdk-error.js';
import { generate } from '../generate/generate.js';
import { generateObject } from '../generate/generate-object.js';
import { stream } from '../generate/stream.js';
import type { Tool } from '../generate/tool.js';
import type { Message } from '../types/content.js';
import {
  ALL,
  caught,
  collect,
  instantSleep,
  type ProviderId,
  sentResult,
  startProviders,
  type TestProvider,
} from './providers.test-support.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

/** A 1×1 red PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let signature = 0;
const call = (name: string, args: Record<string, unknown>) => ({
  type: 'tool_call' as const,
  name,
  arguments: args,
  // Gemini 3 signs every call it makes; the others ignore this field.
  thoughtSignature: `parity-sig-${++signature}`,
});
const text = (value: string, chunks?: number): ScriptedTurn => ({
  content: [{ type: 'text', text: value, ...(chunks ? { chunks } : {}) }],
});

const weather: Tool = {
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => `Sunny in ${String(city)}`,
};

const userWithImage = (image: { data: string; mediaType: string } | { url: string }): Message[] => [
  {
    role: 'user',
    content: [
      { kind: 'text', text: 'What do you see?' },
      { kind: 'image', image },
    ],
  },
];

/** Provider-specific knobs for case 15: an option each API accepts, and where the body shows it. */
const PASS_THROUGH: Record<
  ProviderId,
  { options: Record<string, unknown>; inBody: (body: Record<string, unknown>) => unknown; expected: unknown }
> = {
  anthropic: { options: { top_k: 7 }, inBody: (body) => body.top_k, expected: 7 },
  openai: { options: { service_tier: 'flex' }, inBody: (body) => body.service_tier, expected: 'flex' },
  gemini: {
    options: { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }] },
    inBody: (body) => body.safetySettings,
    expected: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
  },
  compat: { options: { top_k: 40 }, inBody: (body) => body.top_k, expected: 40 },
};

interface ParityCase {
  n: number;
  name: string;
  /** Providers the case applies to (default: all four). */
  on?: readonly ProviderId[];
  run(provider: TestProvider): Promise<void>;
}

const base = (provider: TestProvider) => ({ client, model: provider.model, provider: provider.name });

const CASES: ParityCase[] = [
  {
    n: 1,
    name: 'simple generation',
    async run(provider) {
      server.enqueue(text('Hello!'));
      const result = await generate({ ...base(provider), prompt: 'Say hello' });
      expect(result.text).toBe('Hello!');
      expect(result.finishReason.reason).toBe('stop');
    },
  },
  {
    n: 2,
    name: 'streaming',
    async run(provider) {
      server.enqueue(text('Streaming works fine.', 3));
      const result = stream({ ...base(provider), prompt: 'Stream something' });
      const deltas = await collect(result.textStream);
      expect(deltas.length).toBeGreaterThan(3);
      expect(deltas.join('')).toBe('Streaming works fine.');
      expect((await result.response()).finishReason.reason).toBe('stop');
    },
  },
  {
    n: 3,
    name: 'image via base64',
    async run(provider) {
      server.enqueue(text('A red pixel.'));
      const result = await generate({
        ...base(provider),
        messages: userWithImage({ data: PNG_BASE64, mediaType: 'image/png' }),
      });
      expect(result.text).toBe('A red pixel.');
      expect(server.requests[0]!.view.messages[0]!.images).toBe(1);
      expect(server.requests[0]!.rawBody).toContain(PNG_BASE64);
    },
  },
  {
    n: 4,
    name: 'image via URL',
    async run(provider) {
      server.enqueue(text('A cat.'));
      const url = 'https://example.com/cat.png';
      const result = await generate({ ...base(provider), messages: userWithImage({ url }) });
      expect(result.text).toBe('A cat.');
      expect(server.requests[0]!.view.messages[0]!.images).toBe(1);
      expect(server.requests[0]!.rawBody).toContain(url);
    },
  },
  {
    n: 5,
    name: 'single tool call and execution',
    async run(provider) {
      server
        .when(match.afterToolResult(), text('Sunny in Paris.'))
        .enqueue({ content: [call('get_weather', { city: 'Paris' })] });
      const result = await generate({ ...base(provider), prompt: 'Weather in Paris?', tools: [weather] });
      expect(result.steps[0]?.toolResults.map((r) => r.content)).toEqual(['Sunny in Paris']);
      expect(sentResult(server.requests[1]!.view.messages.at(-1)?.toolResults[0])).toBe('Sunny in Paris');
      expect(result.text).toBe('Sunny in Paris.');
    },
  },
  {
    n: 6,
    name: 'multiple parallel tool calls',
    async run(provider) {
      server.when(match.afterToolResult(), text('Both sunny.')).enqueue({
        content: [call('get_weather', { city: 'Paris' }), call('get_weather', { city: 'Rome' })],
      });
      const result = await generate({ ...base(provider), prompt: 'Paris and Rome?', tools: [weather] });
      const results = server.requests[1]!.view.messages.flatMap((m) => m.toolResults);
      expect(results.map(sentResult)).toEqual(['Sunny in Paris', 'Sunny in Rome']);
      expect(result.steps).toHaveLength(2);
    },
  },
  {
    n: 7,
    name: 'tool loop of 3+ rounds',
    async run(provider) {
      server
        .enqueue({ content: [call('get_weather', { city: 'A' })] })
        .enqueue({ content: [call('get_weather', { city: 'B' })] })
        .enqueue({ content: [call('get_weather', { city: 'C' })] })
        .enqueue(text('Three cities done.'));
      const result = await generate({
        ...base(provider),
        prompt: 'Three cities',
        tools: [weather],
        maxToolRounds: 3,
      });
      expect(result.steps).toHaveLength(4);
      expect(result.text).toBe('Three cities done.');
      expect(server.requests.map((r) => r.outcome.type)).toEqual(['turn', 'turn', 'turn', 'turn']);
      expect(server.requests[3]!.view.messages.flatMap((m) => m.toolResults)).toHaveLength(3);
    },
  },
  {
    n: 8,
    name: 'streaming with tool calls',
    async run(provider) {
      server
        .when(match.afterToolResult(), text('Sunny in Oslo.', 4))
        .enqueue({ content: [{ ...call('get_weather', { city: 'Oslo' }), argumentChunks: 3 }] });
      const result = stream({ ...base(provider), prompt: 'Oslo?', tools: [weather] });
      const events = await collect(result);
      const ended = events.flatMap((e) => (e.type === 'tool_call_end' ? [e.toolCall] : []));
      expect(ended.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Oslo' }]]);
      expect(events.filter((e) => e.type === 'step_finish')).toHaveLength(2);
      expect((await result.result()).text).toBe('Sunny in Oslo.');
    },
  },
  {
    n: 9,
    name: 'generateObject',
    async run(provider) {
      const json = '{"name":"Alice","age":30}';
      server.enqueue(
        provider.id === 'anthropic'
          ? { content: [{ type: 'tool_call', name: 'person', arguments: json }] }
          : text(json),
      );
      const schema = {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer' } },
        required: ['name', 'age'],
        additionalProperties: false,
      };
      const result = await generateObject({
        ...base(provider),
        prompt: 'Alice is 30',
        schema,
        schemaName: 'person',
      });
      expect(result.output).toEqual({ name: 'Alice', age: 30 });
    },
  },
  {
    n: 10,
    name: 'reasoning-token reporting',
    async run(provider) {
      server.enqueue({
        content: [
          { type: 'reasoning', text: 'Thinking it over.', signature: 'parity-reasoning' },
          { type: 'text', text: 'Done.' },
        ],
        usage: { input: 40, output: 12, reasoning: 25 },
      });
      const result = await generate({ ...base(provider), prompt: 'Think', reasoningEffort: 'medium' });
      expect(result.usage.reasoningTokens).toBe(25);
      // Reasoning is part of the output count, and reported apart from it.
      expect(result.usage.outputTokens).toBe(37);
    },
  },
  {
    n: 11,
    name: 'bad key → 401',
    async run(provider) {
      const guarded = await startProviders({ server: { apiKey: 'the-right-key' } });
      try {
        const wrong = new Client({ providers: [provider.adapter(guarded.server, 'a-wrong-key')] });
        const error = await caught(
          generate({
            client: wrong,
            model: provider.model,
            prompt: 'hi',
            retry: { sleep: instantSleep().sleep },
          }),
        );
        expect(error).toBeInstanceOf(AuthenticationError);
        expect(guarded.server.requests).toHaveLength(1);
      } finally {
        await guarded.server.close();
      }
    },
  },
  {
    n: 12,
    name: '429 handling',
    async run(provider) {
      server.enqueue({ error: { kind: 'rate_limit', retryAfterSeconds: 4 } }, text('Made it.'));
      const clock = instantSleep();
      const result = await generate({ ...base(provider), prompt: 'hi', retry: { sleep: clock.sleep } });
      expect(result.text).toBe('Made it.');
      expect(clock.delays).toEqual([4000]);
      expect(server.requests).toHaveLength(2);
    },
  },
  {
    n: 13,
    name: 'accurate usage counts',
    async run(provider) {
      server.enqueue({ ...text('Counted.'), usage: { input: 1234, output: 56 } });
      const result = await generate({ ...base(provider), prompt: 'Count' });
      expect(result.usage).toMatchObject({ inputTokens: 1234, outputTokens: 56, totalTokens: 1290 });
    },
  },
  {
    n: 14,
    name: 'caching: cache_read > 0 from turn 2',
    async run(provider) {
      server.enqueue({
        ...text('First.'),
        usage: { input: 2000, cacheWrite: provider.id === 'anthropic' ? 1800 : 0, output: 5 },
      });
      server.enqueue({ ...text('Second.'), usage: { input: 200, cacheRead: 1800, output: 5 } });
      const system = 'You are a careful assistant. '.repeat(100);
      const first = await generate({ ...base(provider), system, prompt: 'One' });
      const second = await generate({
        ...base(provider),
        system,
        messages: [
          { role: 'user', content: [{ kind: 'text', text: 'One' }] },
          first.response.message,
          { role: 'user', content: [{ kind: 'text', text: 'Two' }] },
        ],
      });
      expect(second.usage.cacheReadTokens).toBe(1800);
      expect(second.usage.inputTokens).toBe(2000);
      if (provider.id === 'anthropic') {
        // Anthropic caches only what is marked: the adapter marks the system prompt and the prefix.
        expect(server.requests[1]!.rawBody).toContain('"cache_control"');
        expect(first.usage.cacheWriteTokens).toBe(1800);
      }
    },
  },
  {
    n: 15,
    name: 'provider_options pass-through',
    async run(provider) {
      server.enqueue(text('ok'));
      const knob = PASS_THROUGH[provider.id];
      await generate({
        ...base(provider),
        prompt: 'hi',
        providerOptions: { [provider.name]: knob.options, someone_else: { never_sent: true } },
      });
      const body = server.requests[0]!.body;
      expect(knob.inBody(body)).toEqual(knob.expected);
      expect(server.requests[0]!.rawBody).not.toContain('never_sent');
    },
  },
];

describe('U9 parity matrix', () => {
  for (const parity of CASES) {
    describe(`U9.${parity.n} ${parity.name}`, () => {
      for (const provider of ALL.filter((p) => parity.on === undefined || parity.on.includes(p.id))) {
        it(`${parity.name} on ${provider.id}`, () => parity.run(provider));
      }
    });
  }

  it('covers all fifteen cases on the three native providers (45 cells)', () => {
    expect(CASES.map((c) => c.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const nativeCells = CASES.flatMap((c) =>
      (['anthropic', 'openai', 'gemini'] as const).filter((id) => c.on === undefined || c.on.includes(id)),
    );
    expect(nativeCells).toHaveLength(45);
  });
});
