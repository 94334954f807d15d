import type { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { ReasoningEffort, ToolDefinition } from '../../types/request.js';
import {
  caught,
  collect,
  finishOf,
  MODEL,
  openaiAdapter,
  recordedInput,
  startServer,
} from './openai.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const shell: ToolDefinition = {
  name: 'shell',
  description: 'Run a command.',
  parameters: { type: 'object', properties: { command: { type: 'string' } } },
};

const thinkThenCall = {
  content: [
    {
      type: 'reasoning' as const,
      text: 'I should list the files.',
      chunks: 6,
      signature: 'gAAAAB-enc-turn-1',
    },
    { type: 'tool_call' as const, name: 'shell', arguments: { command: 'ls' } },
  ],
  usage: { input: 50, output: 12, reasoning: 30 },
};

describe('OpenAIAdapter: reasoning (spec U5) and caching (spec U6)', () => {
  it('U5.1 / U5.6 fills reasoningTokens apart from, and included in, outputTokens', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'x' }],
      usage: { input: 10, output: 20, reasoning: 30 },
    });
    const response = await openaiAdapter(server).complete({ model: MODEL, messages: [Message.user('hi')] });
    expect(response.usage).toMatchObject({ outputTokens: 50, reasoningTokens: 30, totalTokens: 60 });
  });

  it.each(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as ReasoningEffort[])(
    'U5.2 sends reasoningEffort %s as reasoning.effort',
    async (effort) => {
      server.enqueue({ content: [{ type: 'text', text: 'x' }] });
      await openaiAdapter(server).complete({
        model: MODEL,
        messages: [Message.user('hi')],
        reasoningEffort: effort,
      });
      // Summaries are asked for whenever the model reasons: they are the visible THINKING parts.
      expect(server.requests[0]?.body.reasoning).toEqual(
        effort === 'none' ? { effort: 'none' } : { effort, summary: 'auto' },
      );
    },
  );

  it('turns reasoning summaries into a thinking part with the encrypted content as its signature', async () => {
    server.enqueue(thinkThenCall);
    const response = await openaiAdapter(server).complete({
      model: MODEL,
      messages: [Message.user('What is here?')],
      tools: [shell],
      reasoningEffort: 'medium',
    });
    expect(response.message.content[0]).toEqual({
      kind: 'thinking',
      thinking: {
        text: 'I should list the files.',
        signature: 'gAAAAB-enc-turn-1',
        redacted: false,
        providerItemId: expect.stringMatching(/^rs_/),
      },
    });
    expect(Message.reasoning(response.message)).toBe('I should list the files.');
  });

  it('streams reasoning as reasoning_start / deltas / reasoning_end carrying the encrypted content', async () => {
    server.enqueue(thinkThenCall);
    const events = await collect(
      openaiAdapter(server).stream({
        model: MODEL,
        messages: [Message.user('What is here?')],
        tools: [shell],
      }),
    );
    const reasoning = events.filter((e) => e.type.startsWith('reasoning_'));
    expect(reasoning[0]).toEqual({ type: 'reasoning_start', reasoningId: expect.stringMatching(/^rs_/) });
    expect(reasoning.at(-1)).toEqual({
      type: 'reasoning_end',
      reasoningId: expect.stringMatching(/^rs_/),
      signature: 'gAAAAB-enc-turn-1',
    });
    const deltas = reasoning.flatMap((e) => (e.type === 'reasoning_delta' ? [e.delta] : []));
    expect(deltas.join('')).toBe('I should list the files.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(finishOf(events).usage.reasoningTokens).toBe(30);
  });

  it('U3.5 / U5.4 replays reasoning statelessly: encrypted content sent back unchanged, in order, before the call', async () => {
    server.enqueue(thinkThenCall, { content: [{ type: 'text', text: 'Two files.' }] });
    const adapter = openaiAdapter(server);
    const history = [Message.user('What is here?')];
    const events = await collect(
      adapter.stream({ model: MODEL, messages: history, tools: [shell], reasoningEffort: 'high' }),
    );
    const first = finishOf(events).response;
    const call = Message.toolCalls(first.message)[0];
    if (!call) throw new Error('no call');
    history.push(first.message, Message.toolResult(call.id, 'a.txt\nb.txt'));

    const second = await adapter.complete({
      model: MODEL,
      messages: history,
      tools: [shell],
      reasoningEffort: 'high',
    });
    expect(Message.text(second.message)).toBe('Two files.');
    // The strict server accepts only encrypted content it issued itself.
    expect(server.requests[1]?.outcome.type).toBe('turn');
    expect(server.requests[1]?.body).toMatchObject({
      store: false,
      include: ['reasoning.encrypted_content'],
    });
    expect(server.requests[1]?.body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is here?' }] },
      {
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: 'I should list the files.' }],
        encrypted_content: 'gAAAAB-enc-turn-1',
      },
      { type: 'function_call', call_id: call.id, name: 'shell', arguments: '{"command":"ls"}' },
      { type: 'function_call_output', call_id: call.id, output: 'a.txt\nb.txt' },
    ]);
  });

  it('U5.4 an altered encrypted content is rejected by the (strict) server as InvalidRequestError', async () => {
    server.enqueue(thinkThenCall);
    const first = await openaiAdapter(server).complete({
      model: MODEL,
      messages: [Message.user('hi')],
      tools: [shell],
    });
    const tampered = {
      ...first.message,
      content: first.message.content.map((part) =>
        part.kind === 'thinking'
          ? { ...part, thinking: { ...part.thinking, signature: 'gAAAAB-forged' } }
          : part,
      ),
    };
    const call = Message.toolCalls(first.message)[0];
    if (!call) throw new Error('no call');
    const error = await caught(() =>
      openaiAdapter(server).complete({
        model: MODEL,
        messages: [Message.user('hi'), tampered, Message.toolResult(call.id, 'ok')],
        tools: [shell],
      }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, errorCode: 'invalid_encrypted_content' });
  });

  it('switching from another provider sends its thinking as quoted text and no foreign signature', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Carrying on.' }] });
    await openaiAdapter(server).complete({
      model: MODEL,
      reasoningEffort: 'low',
      messages: [
        Message.user('Plan it.'),
        {
          role: 'assistant',
          origin: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
          content: [
            {
              kind: 'thinking',
              thinking: { text: 'Step one, then two.', signature: 'EqQBCkgIBxAB', redacted: false },
            },
            { kind: 'redacted_thinking', thinking: { text: '', signature: 'EmwKAhgBEgy', redacted: true } },
            { kind: 'text', text: 'Here is the plan.' },
          ],
        },
        Message.user('Go on.'),
      ],
    });
    expect(server.requests[0]?.outcome.type).toBe('turn');
    const input = recordedInput(server, 0);
    expect(input.filter((item) => item.type === 'reasoning')).toEqual([]);
    expect(input[1]).toEqual({
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'output_text', text: '<earlier_reasoning>\nStep one, then two.\n</earlier_reasoning>' },
        { type: 'output_text', text: 'Here is the plan.' },
      ],
    });
    expect(JSON.stringify(input)).not.toContain('EqQBCkgIBxAB');
  });

  it.each([
    ['gpt-4.1', false],
    ['gpt-5-chat-latest', false],
    ['o4-mini', true],
    ['gpt-5.2-codex', true],
    ['openai/gpt-oss-120b', true],
  ] as const)(
    'asks %s for encrypted reasoning: %s (only reasoning models may be)',
    async (model, included) => {
      server.enqueue({ content: [{ type: 'text', text: 'a' }] });
      await openaiAdapter(server).complete({ model, messages: [Message.user('hi')] });
      expect(server.requests[0]?.body).toMatchObject({ store: false });
      expect(server.requests[0]?.body.include).toEqual(
        included ? ['reasoning.encrypted_content'] : undefined,
      );
    },
  );

  it('lets providerOptions.openai override the stateless defaults', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'a' }] });
    await openaiAdapter(server).complete({
      model: MODEL,
      messages: [Message.user('hi')],
      providerOptions: { openai: { store: true, include: [] } },
    });
    expect(server.requests[0]?.body).toMatchObject({ store: true, include: [] });
  });

  it('U6.1 / U6.2 needs no cache settings, and reports cached input as cacheReadTokens (inside inputTokens)', async () => {
    server.enqueue(
      { content: [{ type: 'text', text: 'first' }], usage: { input: 1200, output: 10 } },
      { content: [{ type: 'text', text: 'second' }], usage: { input: 200, cacheRead: 1024, output: 10 } },
    );
    const adapter = openaiAdapter(server);
    const first = await adapter.complete({ model: MODEL, messages: [Message.user('long prompt')] });
    const second = await adapter.complete({
      model: MODEL,
      messages: [Message.user('long prompt'), first.message, Message.user('more')],
    });
    expect(first.usage.cacheReadTokens).toBe(0);
    expect(second.usage).toMatchObject({ inputTokens: 1224, cacheReadTokens: 1024 });
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain('cache_control');
  });
});
