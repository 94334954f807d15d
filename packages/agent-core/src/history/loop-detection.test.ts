import type { Message } from '@weft/llm';
import { describe, expect, it } from 'vitest';
import { type CallSignature, detectLoop, loopWarning, recentCallSignatures } from './loop-detection.js';
import { toolCallSignature } from './tool-call-signature.js';
import type { AssistantTurn, Turn } from './turn.js';

const sig = (name: string, args: unknown = {}): CallSignature => ({
  name,
  signature: toolCallSignature(name, args),
});
const repeat = (pattern: CallSignature[], times: number) =>
  Array.from({ length: times }, () => pattern).flat();

describe('detectLoop', () => {
  it('finds one call repeated over the whole window', () => {
    const calls = repeat([sig('read_file', { path: 'a' })], 10);
    expect(detectLoop(calls, 10)?.map((call) => call.name)).toEqual(['read_file']);
  });

  it('finds a cycle of two calls', () => {
    const calls = repeat([sig('read_file', { path: 'a' }), sig('shell', { command: 'ls' })], 5);
    expect(detectLoop(calls, 10)?.map((call) => call.name)).toEqual(['read_file', 'shell']);
  });

  it('checks a cycle of three only when three divides the window', () => {
    const cycle = [sig('a'), sig('b'), sig('c')];
    expect(detectLoop(repeat(cycle, 4).slice(0, 10), 10)).toBeUndefined();
    expect(detectLoop(repeat(cycle, 3), 9)?.map((call) => call.name)).toEqual(['a', 'b', 'c']);
  });

  it('looks only at the last `window` calls', () => {
    const calls = [sig('other'), ...repeat([sig('read_file')], 10)];
    expect(detectLoop(calls, 10)).toBeDefined();
  });

  it('needs a full window', () => {
    expect(detectLoop(repeat([sig('read_file')], 9), 10)).toBeUndefined();
  });

  it('tells the same call with other arguments apart', () => {
    const calls = Array.from({ length: 10 }, (_, i) => sig('read_file', { path: `f${i}` }));
    expect(detectLoop(calls, 10)).toBeUndefined();
  });

  it('words the warning as the spec does', () => {
    expect(loopWarning(10)).toBe(
      'Loop detected: the last 10 tool calls follow a repeating pattern. Try a different approach.',
    );
  });
});

describe('toolCallSignature', () => {
  it('is the name plus a hash that ignores key order', () => {
    expect(toolCallSignature('grep', { a: 1, b: { c: 2, d: 3 } })).toBe(
      toolCallSignature('grep', { b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(toolCallSignature('grep', { a: 1 })).not.toBe(toolCallSignature('grep', { a: 2 }));
    expect(toolCallSignature('grep', { a: 1 })).toMatch(/^grep:[0-9a-f]{16}$/);
  });
});

describe('recentCallSignatures', () => {
  const assistant = (...names: string[]): AssistantTurn => ({
    type: 'assistant',
    id: names.join('-'),
    timestamp: '2026-01-01T00:00:00.000Z',
    message: {
      role: 'assistant',
      content: names.map((name, i) => ({
        kind: 'tool_call',
        toolCall: { id: `${name}${i}`, name, arguments: {} },
      })),
    } as Message,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    finishReason: { reason: 'tool_calls', raw: undefined },
    provider: 'anthropic',
    model: 'm',
  });

  it('collects the last calls across turns, oldest first', () => {
    const history: Turn[] = [assistant('a', 'b'), assistant('c'), assistant('d', 'e')];
    expect(recentCallSignatures(history, 4).map((call) => call.name)).toEqual(['b', 'c', 'd', 'e']);
  });
});
