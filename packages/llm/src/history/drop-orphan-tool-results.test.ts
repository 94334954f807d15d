import { describe, expect, it } from 'vitest';
import { dropOrphanToolResults } from './drop-orphan-tool-results.js';
import { assistant, call, deepFreeze, idTrail, result, user } from './history-fixtures.test-support.js';

describe('dropOrphanToolResults', () => {
  it('keeps results that answer the calls of the assistant turn before them', () => {
    const history = deepFreeze([user('go'), assistant([call('a'), call('b')]), result('a'), result('b')]);
    const { messages, changes } = dropOrphanToolResults(history);
    expect(messages).toEqual(history);
    expect(changes).toEqual([]);
  });

  it('drops a result with no call at all', () => {
    const { messages, changes } = dropOrphanToolResults(
      deepFreeze([user('go'), result('ghost'), user('more')]),
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'user']);
    expect(changes).toMatchObject([
      { kind: 'orphan_tool_result_dropped', toolCallId: 'ghost', messageIndex: 1 },
    ]);
  });

  it('drops a result for a call of an older turn (its own turn already moved on)', () => {
    const history = [assistant([call('a')]), result('a'), assistant([call('b')]), result('a'), result('b')];
    expect(idTrail(dropOrphanToolResults(history).messages)).toEqual([
      'call:a',
      'result:a',
      'call:b',
      'result:b',
    ]);
  });

  it('drops a result placed before its call', () => {
    const history = [user('go'), result('a'), assistant([call('a')]), result('a')];
    expect(idTrail(dropOrphanToolResults(history).messages)).toEqual(['call:a', 'result:a']);
  });

  it('keeps the first of two results for one call and reports the second', () => {
    const first = result('a', 'first');
    const { messages, changes } = dropOrphanToolResults([
      assistant([call('a')]),
      first,
      result('a', 'second'),
    ]);
    expect(messages).toEqual([assistant([call('a')]), first]);
    expect(changes.map((c) => c.kind)).toEqual(['duplicate_tool_result_dropped']);
  });

  it('drops only the orphan part of a tool message that holds several results', () => {
    const shared = {
      role: 'tool' as const,
      content: [...result('a').content, ...result('zzz').content],
    };
    const { messages } = dropOrphanToolResults([assistant([call('a')]), shared]);
    expect(idTrail(messages)).toEqual(['call:a', 'result:a']);
  });
});
