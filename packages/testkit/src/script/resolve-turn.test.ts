import { describe, expect, it } from 'vitest';
import { IdFactory } from './ids.js';
import { resolveTurn, splitText } from './resolve-turn.js';
import { ScriptError } from './script-error.js';

describe('splitText', () => {
  it('keeps explicit chunks that join up to the text', () => {
    expect(splitText('hello', ['he', 'llo'], 'x')).toEqual(['he', 'llo']);
  });

  it('refuses chunks that do not join up to the text', () => {
    expect(() => splitText('hello', ['he', 'lo'], 'content[0]')).toThrow(ScriptError);
  });

  it('cuts by code points, never inside a surrogate pair', () => {
    expect(splitText('a😀b😀', 1, 'x')).toEqual(['a', '😀', 'b', '😀']);
    expect(splitText('a😀b', 2, 'x')).toEqual(['a😀', 'b']);
  });

  it('sends an empty text as no deltas and a whole text as one by default', () => {
    expect(splitText('', undefined, 'x')).toEqual([]);
    expect(splitText('abc', undefined, 'x')).toEqual(['abc']);
  });
});

describe('resolveTurn', () => {
  it('defaults the stop to tool_calls when the turn calls a tool, else end', () => {
    const ids = new IdFactory(1);
    expect(resolveTurn({ content: [{ type: 'text', text: 'x' }] }, 'anthropic', 'm', ids).stop).toBe('end');
    expect(
      resolveTurn({ content: [{ type: 'tool_call', name: 't', arguments: {} }] }, 'anthropic', 'm', ids).stop,
    ).toBe('tool_calls');
  });

  it('gives tool calls ids in each protocol’s format and keeps argument text exactly', () => {
    const ids = new IdFactory(1);
    const call = { type: 'tool_call' as const, name: 't', arguments: '{"a": 1}' };
    const anthropic = resolveTurn({ content: [call] }, 'anthropic', 'm', ids).blocks[0];
    const openai = resolveTurn({ content: [call] }, 'openai-chat', 'm', ids).blocks[0];
    expect(anthropic).toMatchObject({
      id: expect.stringMatching(/^toolu_01/),
      argumentsJson: '{"a": 1}',
      argumentsValue: { a: 1 },
    });
    expect(openai).toMatchObject({ id: expect.stringMatching(/^call_/) });
  });

  it('treats empty argument text as a call with no arguments', () => {
    const block = resolveTurn(
      { content: [{ type: 'tool_call', name: 't', arguments: '' }] },
      'gemini',
      'm',
      new IdFactory(1),
    ).blocks[0];
    expect(block).toMatchObject({ argumentsJson: '', argumentsValue: {}, argumentChunks: [] });
  });

  it('fills usage defaults from the content and keeps scripted figures', () => {
    const turn = resolveTurn(
      { content: [{ type: 'text', text: 'abcdefgh' }], usage: { cacheRead: 5 } },
      'anthropic',
      'm',
      new IdFactory(1),
    );
    expect(turn.usage).toEqual({ input: 12, cacheRead: 5, cacheWrite: 0, output: 2, reasoning: 0 });
  });

  it('produces the same ids from the same seed', () => {
    expect(new IdFactory(7).anthropicMessage()).toBe(new IdFactory(7).anthropicMessage());
    expect(new IdFactory(7).anthropicMessage()).not.toBe(new IdFactory(8).anthropicMessage());
  });

  it('keeps a custom call’s input as raw text, for the Responses protocol only', () => {
    const ids = new IdFactory(1);
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch';
    const call = { type: 'tool_call' as const, name: 'apply_patch', arguments: patch, custom: true };
    expect(resolveTurn({ content: [call] }, 'openai-responses', 'm', ids).blocks[0]).toMatchObject({
      custom: true,
      argumentsJson: patch,
      argumentsValue: {},
    });
    for (const protocol of ['anthropic', 'openai-chat', 'gemini'] as const) {
      expect(() => resolveTurn({ content: [call] }, protocol, 'm', ids)).toThrow(
        /exists only in the OpenAI Responses protocol/,
      );
    }
    expect(() =>
      resolveTurn({ content: [{ ...call, arguments: { input: patch } }] }, 'openai-responses', 'm', ids),
    ).toThrow(/arguments are its raw input text/);
  });
});
