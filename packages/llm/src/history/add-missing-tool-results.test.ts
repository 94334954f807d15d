import { describe, expect, it } from 'vitest';
import { Message } from '../types/content.js';
import { addMissingToolResults, MISSING_RESULT_TEXT } from './add-missing-tool-results.js';
import { assistant, call, deepFreeze, idTrail, result, user } from './history-fixtures.test-support.js';

describe('addMissingToolResults', () => {
  it('changes nothing when every call is answered in order', () => {
    const history = deepFreeze([
      user('go'),
      assistant([call('a'), call('b')]),
      result('a'),
      result('b'),
      user('next'),
    ]);
    const { messages, changes } = addMissingToolResults(history);
    expect(messages).toEqual(history);
    for (const [i, message] of messages.entries()) expect(message).toBe(history[i]);
    expect(changes).toEqual([]);
  });

  it('gives an interrupted call (the last message of the history) a synthetic error result', () => {
    const { messages, changes } = addMissingToolResults(
      deepFreeze([user('go'), assistant([call('a', 'grep')])]),
    );
    expect(messages[2]).toEqual(Message.toolResult('a', MISSING_RESULT_TEXT, true, 'grep'));
    expect(changes).toMatchObject([
      { kind: 'synthetic_tool_result_added', toolCallId: 'a', messageIndex: 1 },
    ]);
  });

  it('fills the missing one of two calls in its place, keeping call order', () => {
    const { messages, changes } = addMissingToolResults([
      assistant([call('a'), call('b')]),
      result('b'),
      user('hm'),
    ]);
    expect(idTrail(messages)).toEqual(['call:a', 'call:b', 'result:a', 'result:b']);
    expect(messages.at(-1)).toEqual(user('hm'));
    expect(changes.map((c) => c.kind)).toEqual(['synthetic_tool_result_added']);
  });

  it('moves a result the user interrupted back next to its call', () => {
    const { messages, changes } = addMissingToolResults([assistant([call('a')]), user('wait'), result('a')]);
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'user']);
    expect(changes.map((c) => c.kind)).toEqual(['tool_results_reordered']);
  });

  it('puts results in call order', () => {
    const { messages, changes } = addMissingToolResults([
      assistant([call('a'), call('b')]),
      result('b'),
      result('a'),
    ]);
    expect(idTrail(messages)).toEqual(['call:a', 'call:b', 'result:a', 'result:b']);
    expect(changes.map((c) => c.kind)).toEqual(['tool_results_reordered']);
  });

  it('splits a tool message holding several results into one message per result', () => {
    const shared: Message = { role: 'tool', content: [...result('b').content, ...result('a').content] };
    const { messages } = addMissingToolResults([assistant([call('a'), call('b')]), shared]);
    expect(messages.slice(1).map((m) => [m.toolCallId, m.content.length])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('does not look past the next assistant message for a result', () => {
    const history = [assistant([call('a')]), assistant([{ kind: 'text', text: 'moving on' }]), result('a')];
    const { messages } = addMissingToolResults(history);
    expect(messages[1]).toMatchObject({ role: 'tool', content: [{ toolResult: { isError: true } }] });
    // The late result stays where it was; dropOrphanToolResults is the rule that removes it.
    expect(messages[3]).toBe(history[2]);
  });
});
