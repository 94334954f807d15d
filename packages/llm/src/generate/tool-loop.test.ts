import { type FakeModelServer, match, type ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { ALL, sentResult, startProviders, type TestProvider } from '../parity/providers.test-support.js';
import { Message } from '../types/content.js';
import type { ToolChoice } from '../types/request.js';
import { generate } from './generate.js';
import { defineTool, type Tool } from './tool.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

let signatures = 0;
/** A turn of tool calls. Each carries a thought signature, as Gemini 3 sends (the others ignore it). */
const callTurn = (...calls: [string, Record<string, unknown>][]): ScriptedTurn => ({
  content: calls.map(([name, args]) => ({
    type: 'tool_call' as const,
    name,
    arguments: args,
    thoughtSignature: `sig-${++signatures}`,
  })),
});
const textTurn = (text: string): ScriptedTurn => ({ content: [{ type: 'text', text }] });

/** A weather tool that records the cities it was asked about. */
function weatherTool(log: string[] = []): Tool<{ city: string }> {
  return defineTool<{ city: string }>({
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: async ({ city }) => {
      log.push(city);
      return `Sunny in ${city}`;
    },
  });
}

describe.each(ALL.map((p) => [p.id, p] as const))('tool loop on %s', (_id, provider: TestProvider) => {
  const options = { client, model: provider.model, provider: provider.name };
  const base = () => ({ ...options, client, model: provider.model, provider: provider.name });

  it('U7.1 an active tool triggers the loop: executed, its result sent back, the model answers', async () => {
    server
      .when(match.afterToolResult(), textTurn('It is sunny in Paris.'))
      .enqueue(callTurn(['get_weather', { city: 'Paris' }]));
    const cities: string[] = [];
    const result = await generate({ ...base(), prompt: 'Weather in Paris?', tools: [weatherTool(cities)] });
    expect(cities).toEqual(['Paris']);
    expect(result.text).toBe('It is sunny in Paris.');
    expect(result.steps).toHaveLength(2);
    const sent = server.requests[1]?.view.messages.at(-1)?.toolResults ?? [];
    expect(sent.map(sentResult)).toEqual(['Sunny in Paris']);
  });

  it('U7.2 a passive tool returns its calls without looping', async () => {
    server.enqueue(callTurn(['get_weather', { city: 'Oslo' }]));
    const { execute: _dropped, ...passive } = weatherTool();
    const result = await generate({ ...base(), prompt: 'Weather in Oslo?', tools: [passive] });
    expect(server.requests).toHaveLength(1);
    expect(result.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Oslo' }]]);
    expect(result.toolResults).toEqual([]);
    expect(result.finishReason.reason).toBe('tool_calls');
  });

  it('U7.3 maxToolRounds bounds the loop: at most maxToolRounds + 1 model calls', async () => {
    server.when(() => true, callTurn(['get_weather', { city: 'Rome' }]));
    const cities: string[] = [];
    const result = await generate({
      ...base(),
      prompt: 'Loop forever',
      tools: [weatherTool(cities)],
      maxToolRounds: 2,
    });
    expect(server.requests).toHaveLength(3);
    expect(cities).toEqual(['Rome', 'Rome']);
    expect(result.steps).toHaveLength(3);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolResults).toEqual([]);
  });

  it('U7.4 maxToolRounds 0 makes one call and executes nothing', async () => {
    server.enqueue(callTurn(['get_weather', { city: 'Lima' }]));
    const cities: string[] = [];
    const result = await generate({
      ...base(),
      prompt: 'Weather?',
      tools: [weatherTool(cities)],
      maxToolRounds: 0,
    });
    expect(server.requests).toHaveLength(1);
    expect(cities).toEqual([]);
    expect(result.toolCalls.map((c) => c.name)).toEqual(['get_weather']);
  });

  it('U7.5 + U7.6 parallel calls run concurrently and all results return in one continuation, in call order', async () => {
    const cities = ['Tokyo', 'Delhi', 'Cairo'];
    server
      .when(match.afterToolResult(), textTurn('done'))
      .enqueue(
        callTurn(...cities.map((city) => ['get_weather', { city }] as [string, Record<string, unknown>])),
      );
    // Each call waits until every call has started: this finishes only if they run at the same time.
    let started = 0;
    let release: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const barrier = defineTool<{ city: string }>({
      ...weatherTool(),
      execute: async ({ city }) => {
        if (++started === cities.length) release();
        await allStarted;
        // Finish in reverse order, so call order in the continuation is not completion order.
        await new Promise((resolve) => setTimeout(resolve, 5 * (cities.length - cities.indexOf(city))));
        return `Sunny in ${city}`;
      },
    });
    const result = await generate({ ...base(), prompt: 'Weather in three cities', tools: [barrier] });
    expect(result.text).toBe('done');
    expect(server.requests).toHaveLength(2);
    const continuation = server.requests[1]!.view.messages;
    const results = continuation.flatMap((m) => m.toolResults);
    expect(results.map(sentResult)).toEqual(cities.map((city) => `Sunny in ${city}`));
    const calls = continuation.flatMap((m) => m.toolCalls);
    expect(results.map((r) => r.id)).toEqual(calls.map((c) => c.id));
  });

  it('U7.7 a tool that throws becomes an error result, and the generation goes on', async () => {
    server
      .when(match.afterToolResult(), textTurn('Sorry, the lookup failed.'))
      .enqueue(callTurn(['get_weather', { city: 'Nowhere' }]));
    const failing = defineTool({
      ...weatherTool(),
      execute: async () => Promise.reject(new Error('weather service down')),
    });
    const result = await generate({ ...base(), prompt: 'Weather?', tools: [failing] });
    expect(result.steps[0]?.toolResults).toMatchObject([{ content: 'weather service down', isError: true }]);
    expect(server.requests[1]?.view.messages.at(-1)?.toolResults.map(sentResult)).toEqual([
      'weather service down',
    ]);
    // Chat Completions has no error flag on tool messages; the others carry it.
    if (provider.protocol !== 'openai-chat' && provider.protocol !== 'openai-responses') {
      expect(server.requests[1]?.view.messages.at(-1)?.toolResults[0]?.isError).toBe(true);
    }
    expect(result.text).toBe('Sorry, the lookup failed.');
  });

  it('U7.8 an unknown tool gets an error result, not an exception', async () => {
    server.when(match.afterToolResult(), textTurn('ok')).enqueue(callTurn(['launch_rockets', {}]));
    const result = await generate({ ...base(), prompt: 'Go', tools: [weatherTool()] });
    expect(result.steps[0]?.toolResults).toMatchObject([
      { content: 'Unknown tool: launch_rockets', isError: true },
    ]);
    expect(sentResult(server.requests[1]?.view.messages.at(-1)?.toolResults[0])).toBe(
      'Unknown tool: launch_rockets',
    );
  });

  it('U7.10 arguments are parsed and validated before execute: invalid ones never reach it', async () => {
    server.when(match.afterToolResult(), textTurn('ok')).enqueue(callTurn(['get_weather', { town: 'Bern' }]));
    const cities: string[] = [];
    const result = await generate({ ...base(), prompt: 'Weather?', tools: [weatherTool(cities)] });
    expect(cities).toEqual([]);
    expect(result.steps[0]?.toolResults[0]).toMatchObject({ isError: true });
    expect(result.steps[0]?.toolResults[0]?.content).toContain('missing required property "city"');
  });

  it('U7.11 step results record each step’s calls, results and usage; totalUsage sums them', async () => {
    server
      .when(match.afterToolResult(), { ...textTurn('All done.'), usage: { input: 300, output: 20 } })
      .enqueue({ ...callTurn(['get_weather', { city: 'Kyiv' }]), usage: { input: 100, output: 10 } });
    const result = await generate({ ...base(), prompt: 'Weather?', tools: [weatherTool()] });
    const [first, second] = result.steps;
    expect(first?.toolCalls.map((c) => c.arguments)).toEqual([{ city: 'Kyiv' }]);
    expect(first?.toolResults.map((r) => r.content)).toEqual(['Sunny in Kyiv']);
    expect(second?.toolCalls).toEqual([]);
    expect(second?.text).toBe('All done.');
    expect(first?.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage).toEqual(second?.usage);
    expect(result.totalUsage.inputTokens).toBe(
      (first?.usage.inputTokens ?? 0) + (second?.usage.inputTokens ?? 0),
    );
    expect(result.totalUsage.outputTokens).toBe(
      (first?.usage.outputTokens ?? 0) + (second?.usage.outputTokens ?? 0),
    );
    expect(result.responseMessages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
  });

  it('stopWhen ends the loop after the step it returns true for', async () => {
    server.when(() => true, callTurn(['get_weather', { city: 'Quito' }]));
    const result = await generate({
      ...base(),
      prompt: 'Weather?',
      tools: [weatherTool()],
      maxToolRounds: 5,
      stopWhen: (steps) => steps.length === 2,
    });
    expect(server.requests).toHaveLength(2);
    expect(result.steps).toHaveLength(2);
  });
});

/** How each provider's request body carries a tool choice. */
const TOOL_CHOICE_ON_THE_WIRE: Record<string, (body: Record<string, unknown>) => unknown> = {
  anthropic: (body) => ({
    tool_choice: body.tool_choice,
    tools: Array.isArray(body.tools) ? body.tools.length : 0,
  }),
  'openai-responses': (body) => ({
    tool_choice: body.tool_choice,
    tools: Array.isArray(body.tools) ? body.tools.length : 0,
  }),
  'openai-chat': (body) => ({
    tool_choice: body.tool_choice,
    tools: Array.isArray(body.tools) ? body.tools.length : 0,
  }),
  gemini: (body) =>
    (body.toolConfig as { functionCallingConfig?: unknown } | undefined)?.functionCallingConfig,
};

const EXPECTED_TOOL_CHOICE: Record<string, Record<ToolChoice['mode'], unknown>> = {
  anthropic: {
    auto: { tool_choice: { type: 'auto' }, tools: 1 },
    // The Messages API has had `none` since 2025; keeping the tools keeps the cached prefix (the spec's
    // "omit tools" predates it).
    none: { tool_choice: { type: 'none' }, tools: 1 },
    required: { tool_choice: { type: 'any' }, tools: 1 },
    named: { tool_choice: { type: 'tool', name: 'get_weather' }, tools: 1 },
  },
  'openai-responses': {
    auto: { tool_choice: 'auto', tools: 1 },
    none: { tool_choice: 'none', tools: 1 },
    required: { tool_choice: 'required', tools: 1 },
    named: { tool_choice: { type: 'function', name: 'get_weather' }, tools: 1 },
  },
  'openai-chat': {
    auto: { tool_choice: 'auto', tools: 1 },
    none: { tool_choice: 'none', tools: 1 },
    required: { tool_choice: 'required', tools: 1 },
    named: { tool_choice: { type: 'function', function: { name: 'get_weather' } }, tools: 1 },
  },
  gemini: {
    auto: { mode: 'AUTO' },
    none: { mode: 'NONE' },
    required: { mode: 'ANY' },
    named: { mode: 'ANY', allowedFunctionNames: ['get_weather'] },
  },
};

describe('U7.9 tool choice modes on the wire', () => {
  const modes: ToolChoice[] = [
    { mode: 'auto' },
    { mode: 'none' },
    { mode: 'required' },
    { mode: 'named', toolName: 'get_weather' },
  ];
  for (const provider of ALL) {
    for (const toolChoice of modes) {
      it(`${provider.id}: ${toolChoice.mode}`, async () => {
        server.enqueue(textTurn('ok'));
        await generate({
          client,
          model: provider.model,
          provider: provider.name,
          prompt: 'hi',
          tools: [weatherTool()],
          toolChoice,
        });
        const body = server.requests[0]!.body;
        expect(TOOL_CHOICE_ON_THE_WIRE[provider.protocol]!(body)).toMatchObject(
          EXPECTED_TOOL_CHOICE[provider.protocol]![toolChoice.mode] as Record<string, unknown>,
        );
      });
    }
  }
});

describe('tool definitions', () => {
  it('rejects a tool name providers refuse, before any request', async () => {
    expect(() => defineTool({ name: '9lives', description: '', parameters: { type: 'object' } })).toThrow(
      'Invalid tool name',
    );
    await expect(
      generate({
        client,
        model: 'x',
        prompt: 'hi',
        tools: [{ name: 'has space', description: '', parameters: { type: 'object' } }],
      }),
    ).rejects.toThrow('Invalid tool name');
    expect(server.requests).toHaveLength(0);
  });

  it('passes the tools without execute to the provider and the messages it saw to execute', async () => {
    server
      .when(match.afterToolResult(), textTurn('ok'))
      .enqueue(callTurn(['get_weather', { city: 'Lagos' }]));
    const seen: { id: string; last: string | undefined }[] = [];
    const tool = defineTool<{ city: string }>({
      ...weatherTool(),
      execute: (_args, context) => {
        seen.push({ id: context.toolCallId, last: context.messages.at(-1)?.role });
        return { forecast: 'sun', high: 31 };
      },
    });
    const result = await generate({
      client,
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      prompt: 'hi',
      tools: [tool],
    });
    expect(seen).toEqual([{ id: result.steps[0]?.toolCalls[0]?.id, last: 'assistant' }]);
    expect(sentResult(server.requests[1]?.view.messages.at(-1)?.toolResults[0])).toEqual({
      forecast: 'sun',
      high: 31,
    });
    expect(Message.text(result.response.message)).toBe('ok');
  });
});
