import type { FakeModelServer } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { Message } from '../../types/content.js';
import { collect, finishOf, startServer } from '../openai/openai.test-support.js';
import { CHAT_QUIRK_PRESETS, DEFAULT_CHAT_QUIRKS, resolveChatQuirks } from './chat-quirks.js';
import {
  CHAT_MODEL,
  compatAdapter,
  recordedCallIds,
  recordedMessages,
} from './openai-compatible.test-support.js';

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(options: Parameters<typeof startServer>[0] = {}) {
  server = await startServer(options);
  server.when(() => true, { content: [{ type: 'text', text: 'ok' }] });
  return server;
}

const call = (id: string) => ({
  role: 'assistant' as const,
  content: [{ kind: 'tool_call' as const, toolCall: { id, name: 'ls', arguments: {} } }],
});

describe('OpenAICompatibleAdapter: per-server quirks', () => {
  it('chooses quirks by adapter name, or by an explicit preset, with overrides on top', () => {
    expect(resolveChatQuirks('no-such-server')).toEqual(DEFAULT_CHAT_QUIRKS);
    expect(resolveChatQuirks('mistral').streamUsage).toBe(false);
    expect(resolveChatQuirks('mistral', { streamUsage: true }).streamUsage).toBe(true);
    expect(Object.keys(CHAT_QUIRK_PRESETS)).toEqual(
      expect.arrayContaining([
        'openai',
        'mistral',
        'groq',
        'deepseek',
        'xai',
        'openrouter',
        'ollama',
        'vllm',
        'lmstudio',
      ]),
    );
  });

  it('uses the preset of its name, or of `preset` when registered under another name', async () => {
    const s = await serve();
    const named = compatAdapter(s, { name: 'mistral' });
    const aliased = compatAdapter(s, { name: 'my-mistral', preset: 'mistral' });
    expect(named.toolCallIdRule).toEqual({ pattern: /^[A-Za-z0-9]{9}$/, maxLength: 9 });
    expect(aliased.toolCallIdRule).toEqual(named.toolCallIdRule);
    expect(aliased.name).toBe('my-mistral');
    expect(compatAdapter(s).toolCallIdRule).toEqual({ pattern: /^[A-Za-z0-9_-]+$/, maxLength: 40 });
  });

  it('rewrites tool-call ids to the server’s rule: exactly 9 letters and digits for Mistral', async () => {
    const s = await serve();
    await compatAdapter(s, { name: 'mistral' }).complete({
      model: 'mistral-large-latest',
      messages: [
        Message.user('go'),
        call('toolu_01A09q90qw90lq917835lq9'),
        Message.toolResult('toolu_01A09q90qw90lq917835lq9', 'a b'),
      ],
    });
    const [id] = recordedCallIds(s, 0, 1);
    const tool = recordedMessages(s, 0)[2];
    expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(tool?.tool_call_id).toBe(id);
  });

  it('keeps OpenAI Chat ids within 40 characters', async () => {
    const s = await serve();
    const long = `call_${'x'.repeat(60)}`;
    await compatAdapter(s, { name: 'openai' }).complete({
      model: 'gpt-4.1',
      messages: [Message.user('go'), call(long), Message.toolResult(long, 'ok')],
    });
    const [id = ''] = recordedCallIds(s, 0, 1);
    expect(id.length).toBeLessThanOrEqual(40);
    expect(recordedMessages(s, 0)[2]?.tool_call_id).toBe(id);
  });

  it.each([
    ['vllm', 'max_tokens'],
    ['openai', 'max_completion_tokens'],
    ['groq', 'max_completion_tokens'],
  ] as const)('%s gets maxTokens as %s', async (name, field) => {
    const s = await serve();
    await compatAdapter(s, { name }).complete({
      model: CHAT_MODEL,
      messages: [Message.user('hi')],
      maxTokens: 99,
    });
    expect(s.requests[0]?.body[field]).toBe(99);
    expect(s.requests[0]?.body).not.toHaveProperty(
      field === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens',
    );
  });

  it('sends stream_options only to servers that accept it (Mistral rejects the field)', async () => {
    const s = await serve();
    await collect(
      compatAdapter(s, { name: 'mistral' }).stream({
        model: 'mistral-small',
        messages: [Message.user('hi')],
      }),
    );
    await collect(
      compatAdapter(s, { name: 'ollama' }).stream({ model: CHAT_MODEL, messages: [Message.user('hi')] }),
    );
    expect(s.requests[0]?.body).not.toHaveProperty('stream_options');
    expect(s.requests[1]?.body.stream_options).toEqual({ include_usage: true });
  });

  it.each([
    ['groq', { reasoning_effort: 'high' }],
    ['openrouter', { reasoning: { effort: 'high' } }],
  ] as const)('%s gets reasoningEffort as %o', async (name, expected) => {
    const s = await serve();
    await compatAdapter(s, { name }).complete({
      model: CHAT_MODEL,
      messages: [Message.user('hi')],
      reasoningEffort: 'high',
    });
    expect(s.requests[0]?.body).toMatchObject(expected);
  });

  it('warns, and sends nothing, when the server takes no reasoning effort', async () => {
    const s = await serve();
    const response = await compatAdapter(s, { name: 'mistral' }).complete({
      model: 'mistral-small',
      messages: [Message.user('hi')],
      reasoningEffort: 'low',
    });
    expect(s.requests[0]?.body).not.toHaveProperty('reasoning_effort');
    expect(response.warnings).toEqual([expect.objectContaining({ code: 'unsupported_parameter' })]);
  });

  it.each(['reasoning_content', 'reasoning'] as const)(
    'reads streamed reasoning from delta.%s by default',
    async (field) => {
      const s = await serve({ chatReasoningField: field });
      s.reset();
      s.enqueue({
        content: [
          { type: 'reasoning', text: 'Let me think.', chunks: 4 },
          { type: 'text', text: 'Done.' },
        ],
      });
      const events = await collect(
        compatAdapter(s).stream({ model: CHAT_MODEL, messages: [Message.user('hi')] }),
      );
      const deltas = events.flatMap((e) => (e.type === 'reasoning_delta' ? [e.delta] : []));
      expect(deltas.join('')).toBe('Let me think.');
      expect(Message.reasoning(finishOf(events).response.message)).toBe('Let me think.');
    },
  );

  it('reads no reasoning when the quirks list no reasoning fields', async () => {
    const s = await serve();
    s.reset();
    s.enqueue({
      content: [
        { type: 'reasoning', text: 'hidden' },
        { type: 'text', text: 'Shown.' },
      ],
    });
    const response = await compatAdapter(s, { quirks: { reasoningFields: [] } }).complete({
      model: CHAT_MODEL,
      messages: [Message.user('hi')],
    });
    expect(response.message.content).toEqual([{ kind: 'text', text: 'Shown.' }]);
  });

  it('sends reasoning back only to servers that want it (DeepSeek, in the tool loop), under their field', async () => {
    const s = await serve();
    s.reset();
    s.enqueue(
      {
        content: [
          { type: 'reasoning', text: 'Need ls.' },
          { type: 'tool_call', name: 'ls', arguments: {} },
        ],
      },
      { content: [{ type: 'text', text: 'Two files.' }] },
      {
        content: [
          { type: 'reasoning', text: 'Need ls.' },
          { type: 'tool_call', name: 'ls', arguments: {} },
        ],
      },
      { content: [{ type: 'text', text: 'Two files.' }] },
    );
    for (const name of ['deepseek', 'vllm']) {
      const adapter = compatAdapter(s, { name });
      const first = await adapter.complete({ model: 'deepseek-chat', messages: [Message.user('files?')] });
      const id = Message.toolCalls(first.message)[0]?.id ?? '';
      await adapter.complete({
        model: 'deepseek-chat',
        messages: [Message.user('files?'), first.message, Message.toolResult(id, 'a\nb')],
      });
    }
    expect(recordedMessages(s, 1)[1]).toMatchObject({ role: 'assistant', reasoning_content: 'Need ls.' });
    expect(recordedMessages(s, 3)[1]).not.toHaveProperty('reasoning_content');
    expect(recordedMessages(s, 3)[1]).not.toHaveProperty('reasoning');
  });
});
