import { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Message } from '../../types/content.js';
import type { ReasoningEffort, Request } from '../../types/request.js';
import { adapterFor, collect, finishOf, MODEL, sentMessages } from './anthropic.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

const TOOL = { name: 'read_file', description: 'Reads.', parameters: { type: 'object', properties: {} } };

describe('thinking', () => {
  it('U3.4/U3.5/U5.4: a tool loop with thinking sends the signature back unchanged on the next request', async () => {
    server.enqueue(
      {
        content: [
          { type: 'reasoning', text: 'I should read it.', chunks: 5, signature: 'EqQBCkYIARgCIkD/sig+1==' },
          { type: 'tool_call', name: 'read_file', id: 'toolu_01Loop', arguments: { path: 'a.ts' } },
        ],
      },
      { content: [{ type: 'text', text: 'It exports one function.' }] },
    );
    const adapter = adapterFor(server);
    const request: Request = {
      model: MODEL,
      messages: [Message.user('What is in a.ts?')],
      tools: [TOOL],
      reasoningEffort: 'high',
    };
    const first = finishOf(await collect(adapter.stream(request))).response;
    expect(first.message.content[0]).toEqual({
      kind: 'thinking',
      thinking: { text: 'I should read it.', signature: 'EqQBCkYIARgCIkD/sig+1==', redacted: false },
    });
    const second = await adapter.complete({
      ...request,
      messages: [
        ...request.messages,
        first.message,
        Message.toolResult('toolu_01Loop', 'export function f() {}'),
      ],
    });
    // The strict server rejects a signature it did not issue, and a tool loop whose thinking was dropped.
    expect(server.requests[1]?.outcome).toEqual({ type: 'turn', status: 200 });
    expect(sentMessages(server, 1)[1]?.content).toEqual([
      { type: 'thinking', thinking: 'I should read it.', signature: 'EqQBCkYIARgCIkD/sig+1==' },
      { type: 'tool_use', id: 'toolu_01Loop', name: 'read_file', input: { path: 'a.ts' } },
    ]);
    expect(Message.text(second.message)).toBe('It exports one function.');
  });

  it('U3.6: redacted thinking comes back as a redacted_thinking part and is passed back verbatim', async () => {
    server.enqueue(
      {
        content: [
          { type: 'reasoning', text: '', redacted: true, signature: 'RedactedOpaque/Data+==' },
          { type: 'text', text: 'Answer.' },
        ],
      },
      { content: [{ type: 'text', text: 'Next.' }] },
    );
    const adapter = adapterFor(server);
    const first = await adapter.complete({
      model: MODEL,
      messages: [Message.user('q')],
      reasoningEffort: 'low',
    });
    expect(first.message.content[0]).toEqual({
      kind: 'redacted_thinking',
      thinking: { text: '', signature: 'RedactedOpaque/Data+==', redacted: true },
    });
    await adapter.complete({
      model: MODEL,
      messages: [Message.user('q'), first.message, Message.user('and?')],
      reasoningEffort: 'low',
    });
    expect(server.requests[1]?.outcome.type).toBe('turn');
    expect(sentMessages(server, 1)[1]?.content).toEqual([
      { type: 'redacted_thinking', data: 'RedactedOpaque/Data+==' },
      { type: 'text', text: 'Answer.' },
    ]);
  });

  it('streams redacted thinking as reasoning_start then reasoning_end carrying the data', async () => {
    server.enqueue({ content: [{ type: 'reasoning', text: '', redacted: true, signature: 'opaque' }] });
    const events = await collect(adapterFor(server).stream({ model: MODEL, messages: [Message.user('q')] }));
    expect(events.filter((event) => event.type.startsWith('reasoning'))).toEqual([
      { type: 'reasoning_start', reasoningId: 'reasoning_0' },
      { type: 'reasoning_end', reasoningId: 'reasoning_0', signature: 'opaque', redacted: true },
    ]);
  });

  it('drops signatures from another provider’s or model’s history and keeps the reasoning as quoted text', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await adapterFor(server).complete({
      model: MODEL,
      messages: [
        Message.user('q'),
        {
          role: 'assistant',
          origin: { provider: 'openai', model: 'gpt-5.2' },
          content: [
            {
              kind: 'thinking',
              thinking: { text: 'OpenAI summary.', signature: 'gAAAA-encrypted', redacted: false },
            },
            { kind: 'text', text: 'First answer.' },
          ],
        },
        {
          role: 'assistant',
          origin: { provider: 'anthropic', model: 'claude-opus-5-5' },
          content: [
            {
              kind: 'redacted_thinking',
              thinking: { text: '', signature: 'other-model-data', redacted: true },
            },
            { kind: 'text', text: 'Second answer.' },
          ],
        },
        Message.user('and now?'),
      ],
      reasoningEffort: 'medium',
    });
    expect(server.requests[0]?.outcome.type).toBe('turn');
    const assistant = sentMessages(server, 0)[1];
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: '<earlier_reasoning>\nOpenAI summary.\n</earlier_reasoning>' },
        { type: 'text', text: 'First answer.' },
        { type: 'text', text: 'Second answer.' },
      ],
    });
    expect(server.requests[0]?.rawBody).not.toMatch(/gAAAA-encrypted|other-model-data/);
  });

  it('keeps signatures when the response named a dated snapshot of the requested model', async () => {
    server.enqueue(
      {
        content: [
          { type: 'reasoning', text: 'Hmm.', signature: 'sig-snapshot' },
          { type: 'text', text: 'A.' },
        ],
        model: 'claude-sonnet-5-5-20261101',
      },
      { content: [{ type: 'text', text: 'B.' }] },
    );
    const adapter = adapterFor(server);
    const first = await adapter.complete({
      model: MODEL,
      messages: [Message.user('q')],
      reasoningEffort: 'low',
    });
    await adapter.complete({
      model: MODEL,
      messages: [Message.user('q'), first.message, Message.user('more')],
      reasoningEffort: 'low',
    });
    expect(sentMessages(server, 1)[1]?.content[0]).toEqual({
      type: 'thinking',
      thinking: 'Hmm.',
      signature: 'sig-snapshot',
    });
  });

  it('U5.3/U5.6: thinking becomes thinking parts; reasoning tokens are reported apart from (and inside) output', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'Step one. Step two.', signature: 's' },
        { type: 'text', text: 'Result.' },
      ],
      usage: { input: 10, output: 12, reasoning: 30 },
    });
    const response = await adapterFor(server).complete({
      model: MODEL,
      messages: [Message.user('q')],
      reasoningEffort: 'medium',
    });
    expect(Message.reasoning(response.message)).toBe('Step one. Step two.');
    expect(response.usage).toMatchObject({ outputTokens: 42, reasoningTokens: 30 });
  });

  it('estimates reasoning tokens from the thinking text when the API gives no thinking_tokens', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'x'.repeat(40), signature: 's' },
        { type: 'text', text: 'y' },
      ],
      usage: { input: 10, output: 50, reasoning: 0 },
    });
    const response = await adapterFor(server).complete({ model: MODEL, messages: [Message.user('q')] });
    expect(response.usage.raw).toMatchObject({ output_tokens_details: null });
    expect(response.usage.reasoningTokens).toBe(10);
  });

  describe('reasoningEffort', () => {
    async function body(model: string, effort: ReasoningEffort, extra: Partial<Request> = {}) {
      server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
      const response = await adapterFor(server).complete({
        model,
        messages: [Message.user('q')],
        reasoningEffort: effort,
        ...extra,
      });
      return { body: server.lastRequest?.body ?? {}, warnings: response.warnings };
    }

    it.each([
      ['claude-sonnet-5-5', 'high', 'high'],
      ['claude-opus-4-6', 'xhigh', 'xhigh'],
      ['claude-opus-5-5', 'minimal', 'low'],
      ['claude-mythos-5', 'medium', 'medium'],
    ] as const)(
      '%s (adaptive): %s → thinking adaptive + output_config.effort %s, max_tokens 32000',
      async (model, effort, wire) => {
        const { body: sent } = await body(model, effort);
        expect(sent).toMatchObject({
          thinking: { type: 'adaptive' },
          output_config: { effort: wire },
          max_tokens: 32_000,
        });
      },
    );

    it.each([
      ['claude-haiku-4-5', 'minimal', 1024, 17_408],
      ['claude-haiku-4-5', 'medium', 8192, 24_576],
      ['claude-opus-4-5', 'high', 16_384, 32_768],
      ['claude-opus-4-1', 'xhigh', 24_576, 32_000],
    ] as const)(
      '%s (budget): %s → budget_tokens %i, max_tokens %i',
      async (model, effort, budget, maxTokens) => {
        const { body: sent } = await body(model, effort);
        expect(sent.thinking).toEqual({ type: 'enabled', budget_tokens: budget });
        expect(sent.max_tokens).toBe(maxTokens);
        expect(sent).not.toHaveProperty('output_config');
      },
    );

    it('cuts the budget to fit a caller’s small max_tokens, and leaves thinking out when nothing fits', async () => {
      const cut = await body('claude-haiku-4-5', 'high', { maxTokens: 4000 });
      expect(cut.body).toMatchObject({
        max_tokens: 4000,
        thinking: { type: 'enabled', budget_tokens: 3999 },
      });
      expect(cut.warnings.map((warning) => warning.code)).toEqual(['thinking_budget_reduced']);
      const none = await body('claude-haiku-4-5', 'low', { maxTokens: 800 });
      expect(none.body).not.toHaveProperty('thinking');
      expect(none.warnings.map((warning) => warning.code)).toEqual(['thinking_disabled']);
    });

    it("'none' disables thinking on adaptive models and sends nothing on budget models (off by default there)", async () => {
      expect((await body('claude-sonnet-5-5', 'none')).body.thinking).toEqual({ type: 'disabled' });
      expect((await body('claude-haiku-4-5', 'none')).body).not.toHaveProperty('thinking');
    });

    it('providerOptions.anthropic.thinking passes through and wins over reasoningEffort', async () => {
      const { body: sent } = await body('claude-sonnet-5-5', 'high', {
        providerOptions: {
          anthropic: { thinking: { type: 'enabled', budget_tokens: 5000, display: 'omitted' } },
        },
      });
      expect(sent.thinking).toEqual({ type: 'enabled', budget_tokens: 5000, display: 'omitted' });
      expect(sent.max_tokens).toBe(21_384);
      expect(sent).not.toHaveProperty('output_config');
    });
  });
});
