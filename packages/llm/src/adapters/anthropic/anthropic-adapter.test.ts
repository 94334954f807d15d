import { FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import { adapterFor, collect, finishOf, MODEL } from './anthropic.test-support.js';
import { AnthropicAdapter } from './anthropic-adapter.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

const READ_FILE = {
  name: 'read_file',
  description: 'Reads a file.',
  parameters: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] },
};

describe('AnthropicAdapter on the Messages API', () => {
  it('U2.1/U3.1: a text-only request goes as POST /v1/messages through the official SDK (native API, not a shim)', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    const response = await adapterFor(server).complete({ model: MODEL, messages: [Message.user('hi')] });
    expect(Message.text(response.message)).toBe('ok');
    const request = server.requests[0];
    expect(request?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
    ]);
    expect(request).toMatchObject({
      protocol: 'anthropic',
      method: 'POST',
      path: '/v1/messages',
      stream: false,
    });
    expect(request?.headers['user-agent']).toMatch(/^Anthropic\/JS 1\.12/);
    expect(request?.headers['anthropic-version']).toBe('2026-10-21');
  });

  it('U2.2: authenticates with the explicit key, or with ANTHROPIC_API_KEY when none is given', async () => {
    await server.close();
    server = await FakeModelServer.start({ apiKey: 'sk-ant-right' });
    server.enqueue(
      { content: [{ type: 'text', text: 'explicit' }] },
      { content: [{ type: 'text', text: 'env' }] },
    );
    const explicit = await adapterFor(server, { apiKey: 'sk-ant-right' }).complete({
      model: MODEL,
      messages: [Message.user('hi')],
    });
    expect(Message.text(explicit.message)).toBe('explicit');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-ant-right');

    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = 'sk-ant-right';
    try {
      const fromEnv = new AnthropicAdapter({ baseUrl: server.baseUrls.anthropic });
      const response = await fromEnv.complete({ model: MODEL, messages: [Message.user('hi')] });
      expect(Message.text(response.message)).toBe('env');
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it('U2.2: refuses to be built with no key at all (ConfigurationError)', () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      expect(() => new AnthropicAdapter({ baseUrl: server.baseUrls.anthropic })).toThrow(ConfigurationError);
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it('U2.3: complete() returns a fully populated Response', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'The user wants the file.', signature: 'sig-complete' },
        { type: 'text', text: 'Reading it now.' },
        { type: 'tool_call', name: 'read_file', id: 'toolu_01Read', arguments: { file_path: 'a.ts' } },
      ],
      usage: { input: 100, cacheRead: 2000, cacheWrite: 300, output: 40, reasoning: 25 },
      model: 'claude-sonnet-5-5-20261101',
    });
    const response = await adapterFor(server).complete({
      model: MODEL,
      messages: [Message.user('Open a.ts')],
      tools: [READ_FILE],
    });
    expect(response).toMatchObject({
      id: expect.stringMatching(/^msg_01/),
      model: 'claude-sonnet-5-5-20261101',
      provider: 'anthropic',
      finishReason: { reason: 'tool_calls', raw: 'tool_use' },
      warnings: [],
      message: {
        role: 'assistant',
        origin: { provider: 'anthropic', model: 'claude-sonnet-5-5-20261101' },
        content: [
          {
            kind: 'thinking',
            thinking: { text: 'The user wants the file.', signature: 'sig-complete', redacted: false },
          },
          { kind: 'text', text: 'Reading it now.' },
          {
            kind: 'tool_call',
            toolCall: { id: 'toolu_01Read', name: 'read_file', arguments: { file_path: 'a.ts' } },
          },
        ],
      },
    });
    // Anthropic counts cache apart from input_tokens; ours folds it in, and output includes thinking.
    expect(response.usage).toEqual({
      inputTokens: 2400,
      outputTokens: 65,
      totalTokens: 2465,
      reasoningTokens: 25,
      cacheReadTokens: 2000,
      cacheWriteTokens: 300,
      raw: expect.objectContaining({ input_tokens: 100, cache_read_input_tokens: 2000, output_tokens: 65 }),
    });
    expect(response.raw).toMatchObject({ type: 'message', stop_reason: 'tool_use' });
  });

  it('U2.4: stream() yields typed events: stream_start, start/delta/end per block, finish', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'Think first.', chunks: ['Think ', 'first.'], signature: 'sig-s' },
        { type: 'text', text: 'Hello there', chunks: ['Hello', ' there'] },
        {
          type: 'tool_call',
          name: 'read_file',
          id: 'toolu_01Stream',
          arguments: '{"file_path":"b.ts"}',
          argumentChunks: ['{"file_', 'path":"b.ts"}'],
        },
      ],
    });
    const events = await collect(
      adapterFor(server).stream({ model: MODEL, messages: [Message.user('go')], tools: [READ_FILE] }),
    );
    const finish = finishOf(events);
    expect(events.slice(0, -1)).toEqual([
      { type: 'stream_start', provider: 'anthropic', model: MODEL, id: finish.response.id },
      { type: 'reasoning_start', reasoningId: 'reasoning_0' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 'Think ' },
      { type: 'reasoning_delta', reasoningId: 'reasoning_0', delta: 'first.' },
      { type: 'reasoning_end', reasoningId: 'reasoning_0', signature: 'sig-s' },
      { type: 'text_start', textId: 'text_1' },
      { type: 'text_delta', textId: 'text_1', delta: 'Hello' },
      { type: 'text_delta', textId: 'text_1', delta: ' there' },
      { type: 'text_end', textId: 'text_1' },
      { type: 'tool_call_start', toolCallId: 'toolu_01Stream', toolName: 'read_file' },
      { type: 'tool_call_delta', toolCallId: 'toolu_01Stream', argumentsDelta: '{"file_' },
      { type: 'tool_call_delta', toolCallId: 'toolu_01Stream', argumentsDelta: 'path":"b.ts"}' },
      {
        type: 'tool_call_end',
        toolCall: { id: 'toolu_01Stream', name: 'read_file', arguments: { file_path: 'b.ts' } },
      },
    ]);
    expect(finish.finishReason).toEqual({ reason: 'tool_calls', raw: 'tool_use' });
    expect(finish.usage).toBe(finish.response.usage);
    expect(server.requests[0]?.body.stream).toBe(true);
  });

  it('U2.4: the finish event carries the same Response complete() gives for the same turn', async () => {
    const turn = {
      content: [
        { type: 'reasoning' as const, text: 'Weigh it.', chunks: 3, signature: 'sig-same' },
        { type: 'text' as const, text: 'Both agree — ✓', chunks: 4 },
        {
          type: 'tool_call' as const,
          name: 'read_file',
          id: 'toolu_01Same',
          arguments: { file_path: 'c.ts' },
        },
      ],
      usage: { input: 50, cacheRead: 10, cacheWrite: 5, output: 20, reasoning: 7 },
    };
    server.enqueue(turn, turn);
    const adapter = adapterFor(server);
    const request: Request = { model: MODEL, messages: [Message.user('compare')], tools: [READ_FILE] };
    const whole = await adapter.complete(request);
    const streamed = finishOf(await collect(adapter.stream(request))).response;
    const { raw: _wholeRaw, id: _wholeId, ...wholeRest } = whole;
    const { raw: _streamRaw, id: _streamId, ...streamedRest } = streamed;
    expect(streamedRest).toEqual(wholeRest);
    expect(streamed.raw).toMatchObject({ type: 'message', id: streamed.id, stop_reason: 'tool_use' });
  });

  it('streams a call with no arguments as {} and keeps arguments that are not JSON as their text', async () => {
    server.enqueue({
      content: [
        { type: 'tool_call', name: 'read_file', id: 'toolu_01NoArgs', arguments: '' },
        {
          type: 'tool_call',
          name: 'read_file',
          id: 'toolu_01Broken',
          arguments: '{"file_path": "a.ts',
          argumentChunks: 6,
        },
      ],
    });
    const events = await collect(
      adapterFor(server).stream({ model: MODEL, messages: [Message.user('go')], tools: [READ_FILE] }),
    );
    expect(
      events.filter((event) => event.type === 'tool_call_delta').map((event) => event.toolCallId),
    ).not.toContain('toolu_01NoArgs');
    expect(Message.toolCalls(finishOf(events).response.message)).toEqual([
      { id: 'toolu_01NoArgs', name: 'read_file', arguments: {} },
      { id: 'toolu_01Broken', name: 'read_file', arguments: '{"file_path": "a.ts' },
    ]);
  });

  it('carries translation warnings on the Response, streamed or not', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'a' }] }, { content: [{ type: 'text', text: 'b' }] });
    const adapter = adapterFor(server);
    const request: Request = { model: MODEL, messages: [Message.user('hi')], metadata: { session: 's-1' } };
    const expected = [expect.objectContaining({ code: 'metadata_dropped' })];
    expect((await adapter.complete(request)).warnings).toEqual(expected);
    expect(finishOf(await collect(adapter.stream(request))).response.warnings).toEqual(expected);
  });

  it('U2.7: providerOptions.anthropic fields pass into the body; other providers’ options are ignored', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await adapterFor(server).complete({
      model: MODEL,
      messages: [Message.user('hi')],
      providerOptions: {
        anthropic: { service_tier: 'standard_only', top_k: 5, output_config: { effort: 'max' } },
        openai: { store: false },
      },
    });
    const body = server.requests[0]?.body;
    expect(body).toMatchObject({ service_tier: 'standard_only', top_k: 5, output_config: { effort: 'max' } });
    expect(body).not.toHaveProperty('store');
  });

  it('U2.8: betaHeaders are joined into anthropic-beta, with the default header’s betas and the caching beta', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] }, { content: [{ type: 'text', text: 'ok' }] });
    const adapter = adapterFor(server, { defaultHeaders: { 'anthropic-beta': 'context-1m-2025-08-07' } });
    await adapter.complete({
      model: MODEL,
      messages: [Message.user('hi')],
      providerOptions: {
        anthropic: { betaHeaders: ['interleaved-thinking-2025-05-14', 'token-efficient-tools-2025-02-19'] },
      },
    });
    expect(server.requests[0]?.headers['anthropic-beta']).toBe(
      'context-1m-2025-08-07,interleaved-thinking-2025-05-14,token-efficient-tools-2025-02-19,prompt-caching-2024-07-31',
    );
    await adapter.complete({
      model: MODEL,
      messages: [Message.user('hi')],
      providerOptions: { anthropic: { beta_headers: ['fast-mode-2026-02-01'], autoCache: false } },
    });
    expect(server.requests[1]?.headers['anthropic-beta']).toBe('context-1m-2025-08-07,fast-mode-2026-02-01');
    expect(server.requests[1]?.body).not.toHaveProperty('beta_headers');
  });

  it('does not retry on its own: one 529 is one request and one error', async () => {
    server.enqueue(
      { error: { kind: 'overloaded', retryAfterMs: 1 } },
      { content: [{ type: 'text', text: 'late' }] },
    );
    await expect(
      adapterFor(server).complete({ model: MODEL, messages: [Message.user('hi')] }),
    ).rejects.toThrow(/Overloaded/);
    expect(server.requests).toHaveLength(1);
  });

  it('reports what it can do: every tool-choice mode, and Anthropic’s tool_use id rule', () => {
    const adapter = adapterFor(server);
    expect(
      ['auto', 'none', 'required', 'named'].map((mode) => adapter.supportsToolChoice(mode as 'auto')),
    ).toEqual([true, true, true, true]);
    expect(adapter.toolCallIdRule.pattern.test('toolu_01A-b_C')).toBe(true);
    expect(adapter.toolCallIdRule.pattern.test('call|fc_1')).toBe(false);
  });
});
