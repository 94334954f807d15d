import type { FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentFilterError } from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { FinishReasonKind } from '../../types/response.js';
import type { GeminiAdapter } from './gemini-adapter.js';
import { caught, collect, finishOf, startGemini } from './gemini-adapter.test-support.js';

const MODEL = 'gemini-2.5-flash';
const ask = (text = 'hi') => ({ model: MODEL, messages: [Message.user(text)] });

let server: FakeModelServer;
let adapter: GeminiAdapter;
beforeEach(async () => {
  ({ server, adapter } = await startGemini());
});
afterEach(async () => {
  await server.close();
});

describe('Gemini adapter: the Response complete() returns', () => {
  it('U2.3 fills every field: id, model, provider, message with origin, finish reason, usage, raw and warnings', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'Paris is the capital of France.' }],
      usage: { input: 14, output: 8 },
      model: 'gemini-2.5-flash-preview-09-2025',
    });
    const response = await adapter.complete(ask('Capital of France?'));
    const raw = response.raw as { responseId: string; candidates: unknown[] };
    expect(response).toEqual({
      id: raw.responseId,
      model: 'gemini-2.5-flash-preview-09-2025',
      provider: 'gemini',
      message: {
        role: 'assistant',
        content: [{ kind: 'text', text: 'Paris is the capital of France.' }],
        // The requested model, so the next request to it keeps this message's signatures.
        origin: { provider: 'gemini', model: MODEL },
      },
      finishReason: { reason: 'stop', raw: 'STOP' },
      usage: {
        inputTokens: 14,
        outputTokens: 8,
        totalTokens: 22,
        raw: expect.objectContaining({ promptTokenCount: 14, candidatesTokenCount: 8, totalTokenCount: 22 }),
      },
      raw: expect.objectContaining({
        candidates: expect.any(Array),
        modelVersion: 'gemini-2.5-flash-preview-09-2025',
      }),
      warnings: [],
    });
    expect(raw.responseId).toMatch(/^[\w-]{22}$/);
  });

  it('U5.5 U5.6 maps thoughtsTokenCount to reasoningTokens, reported apart and folded into output so the sum holds', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: '', signature: 'sig-usage' },
        { type: 'text', text: '4' },
      ],
      usage: { input: 9, output: 23, reasoning: 185 },
    });
    const { usage } = await adapter.complete(ask('2 + 2?'));
    expect(usage).toMatchObject({
      inputTokens: 9,
      outputTokens: 208,
      reasoningTokens: 185,
      totalTokens: 217,
    });
    expect(usage.raw).toMatchObject({
      candidatesTokenCount: 23,
      thoughtsTokenCount: 185,
      totalTokenCount: 217,
    });
  });

  it('U6.9 maps cachedContentTokenCount to cacheReadTokens, which input already includes', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'x' }],
      usage: { input: 12, cacheRead: 65, output: 71 },
    });
    const { usage } = await adapter.complete(ask());
    expect(usage).toMatchObject({ inputTokens: 77, cacheReadTokens: 65, outputTokens: 71, totalTokens: 148 });
    expect(usage).not.toHaveProperty('cacheWriteTokens');
  });

  it('U6.8 relies on Gemini’s automatic prefix caching: nothing cache-specific is sent, and cache reads are reported from turn 2', async () => {
    server.enqueue(
      { content: [{ type: 'text', text: 'First.' }], usage: { input: 2000, output: 5 } },
      { content: [{ type: 'text', text: 'Second.' }], usage: { input: 40, cacheRead: 1990, output: 5 } },
    );
    const first = await adapter.complete(ask('a long prompt'));
    const second = await adapter.complete({
      model: MODEL,
      messages: [Message.user('a long prompt'), first.message, Message.user('and then?')],
    });
    expect(first.usage.cacheReadTokens).toBeUndefined();
    expect(second.usage.cacheReadTokens).toBe(1990);
    expect(second.usage.cacheReadTokens ?? 0).toBeGreaterThan(second.usage.inputTokens / 2);
    for (const request of server.requests) expect(request.body).not.toHaveProperty('cachedContent');
  });

  it('turns thought parts into thinking parts, with the signature on the part that carried it', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: 'The user greets me.', signature: 'c2lnLXRleHQ=' },
        { type: 'text', text: 'Hello!' },
      ],
    });
    const response = await adapter.complete({
      model: MODEL,
      messages: [Message.user('hi')],
      reasoningEffort: 'low',
    });
    expect(response.message.content).toEqual([
      { kind: 'thinking', thinking: { text: 'The user greets me.', redacted: false } },
      { kind: 'text', text: 'Hello!', signature: 'c2lnLXRleHQ=' },
    ]);
    expect(Message.reasoning(response.message)).toBe('The user greets me.');
  });

  it('gives each function call a stable synthesized id: distinct within a response, the same for the same response', async () => {
    const turn: ScriptedTurn = {
      content: [
        { type: 'tool_call', name: 'read_file', arguments: { path: 'a.ts' } },
        { type: 'tool_call', name: 'read_file', arguments: { path: 'b.ts' } },
      ],
    };
    server.enqueue(turn);
    const response = await adapter.complete(ask());
    const calls = Message.toolCalls(response.message);
    expect(calls.map((c) => [c.name, c.arguments, c.rawArguments, c.type])).toEqual([
      ['read_file', { path: 'a.ts' }, '{"path":"a.ts"}', 'function'],
      ['read_file', { path: 'b.ts' }, '{"path":"b.ts"}', 'function'],
    ]);
    expect(calls[0]?.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(calls[0]?.id).not.toBe(calls[1]?.id);
    // A fresh server replays the same response id, so the same ids come out.
    const again = await startGemini();
    try {
      again.server.enqueue(turn);
      const replay = await again.adapter.complete(ask());
      expect(Message.toolCalls(replay.message).map((c) => c.id)).toEqual(calls.map((c) => c.id));
    } finally {
      await again.server.close();
    }
  });
});

describe('Gemini adapter: finish reasons', () => {
  it.each([
    ['end', undefined, 'stop', 'STOP'],
    ['max_tokens', undefined, 'length', 'MAX_TOKENS'],
    ['content_filter', undefined, 'content_filter', 'SAFETY'],
    ['end', 'RECITATION', 'content_filter', 'RECITATION'],
    ['end', 'PROHIBITED_CONTENT', 'content_filter', 'PROHIBITED_CONTENT'],
    ['end', 'BLOCKLIST', 'content_filter', 'BLOCKLIST'],
    ['end', 'SPII', 'content_filter', 'SPII'],
    ['end', 'MALFORMED_FUNCTION_CALL', 'error', 'MALFORMED_FUNCTION_CALL'],
    ['end', 'UNEXPECTED_TOOL_CALL', 'error', 'UNEXPECTED_TOOL_CALL'],
    ['end', 'TOO_MANY_TOOL_CALLS', 'error', 'TOO_MANY_TOOL_CALLS'],
    ['end', 'OTHER', 'other', 'OTHER'],
    ['end', 'LANGUAGE', 'other', 'LANGUAGE'],
  ] as const)(
    'maps stop %s / finishReason %s to %s, keeping the raw value, in complete() and stream() alike',
    async (stop, rawStop, reason: FinishReasonKind, raw) => {
      const turn: ScriptedTurn = {
        content: [{ type: 'text', text: 'x' }],
        stop,
        ...(rawStop ? { rawStop: { gemini: rawStop } } : {}),
      };
      server.enqueue(turn, turn);
      const completed = await adapter.complete(ask());
      const streamed = finishOf(await collect(adapter.stream(ask())));
      expect(completed.finishReason).toEqual({ reason, raw });
      expect(streamed.finishReason).toEqual({ reason, raw });
    },
  );

  it('reports tool_calls when a STOP answer holds a function call', async () => {
    server.enqueue({ content: [{ type: 'tool_call', name: 'list_dir', arguments: {} }] });
    const response = await adapter.complete(ask());
    expect(response.finishReason).toEqual({ reason: 'tool_calls', raw: 'STOP' });
  });

  it('raises ContentFilterError for a blocked prompt (HTTP 200, promptFeedback.blockReason, no candidates)', async () => {
    server.enqueue({ promptBlocked: 'PROHIBITED_CONTENT' }, { promptBlocked: 'SAFETY' });
    const completed = await caught(() => adapter.complete(ask('something forbidden')));
    const streamed = await caught(() => collect(adapter.stream(ask('something forbidden'))));
    expect(completed).toBeInstanceOf(ContentFilterError);
    expect(completed).toMatchObject({
      provider: 'gemini',
      errorCode: 'PROHIBITED_CONTENT',
      retryable: false,
      raw: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } },
    });
    expect(streamed).toBeInstanceOf(ContentFilterError);
    expect(streamed).toMatchObject({ errorCode: 'SAFETY' });
  });
});
