import { describe, expect, it } from 'vitest';
import type { ToolCallIdRule } from '../adapters/provider-adapter.js';
import { assistant, call, deepFreeze, idTrail, result } from './history-fixtures.test-support.js';
import { normalizeToolCallIds } from './normalize-tool-call-ids.js';

const ANTHROPIC_LIKE: ToolCallIdRule = { pattern: /^[a-zA-Z0-9_-]+$/, maxLength: 64 };
const MISTRAL_LIKE: ToolCallIdRule = { pattern: /^[a-zA-Z0-9]{9}$/, maxLength: 9 };

describe('normalizeToolCallIds', () => {
  it('leaves a history alone without a rule, or when every id fits', () => {
    const history = deepFreeze([assistant([call('call_1')]), result('call_1')]);
    expect(normalizeToolCallIds(history, undefined).messages).toEqual(history);
    const fitting = normalizeToolCallIds(history, ANTHROPIC_LIKE);
    expect(fitting.changes).toEqual([]);
    for (const [i, m] of fitting.messages.entries()) expect(m).toBe(history[i]);
  });

  it('rewrites a call id and its result together', () => {
    const history = deepFreeze([assistant([call('fc.1/x')]), result('fc.1/x')]);
    const { messages, changes } = normalizeToolCallIds(history, ANTHROPIC_LIKE);
    expect(idTrail(messages)).toEqual(['call:fc_1_x', 'result:fc_1_x']);
    expect(messages[1]?.toolCallId).toBe('fc_1_x');
    expect(changes).toMatchObject([
      { kind: 'tool_call_id_rewritten', toolCallId: 'fc.1/x', newToolCallId: 'fc_1_x' },
    ]);
  });

  it('fits a long id into a short strict rule, deterministically', () => {
    const long = 'call_5f0c1b9e-2d4a-4c8e-9a7b-0f1e2d3c4b5a';
    const history = [assistant([call(long)]), result(long)];
    const once = normalizeToolCallIds(history, MISTRAL_LIKE);
    const twice = normalizeToolCallIds(history, MISTRAL_LIKE);
    const id = once.changes[0]?.newToolCallId ?? '';
    expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(idTrail(once.messages)).toEqual([`call:${id}`, `result:${id}`]);
    expect(twice.messages).toEqual(once.messages);
  });

  it('never makes two ids collide, with each other or with an id that already fits', () => {
    // Both sanitize to 'a_b', and 'a_b' is already taken by a third call.
    const history = [
      assistant([call('a.b'), call('a/b'), call('a_b')]),
      result('a.b', 'one'),
      result('a/b', 'two'),
      result('a_b', 'three'),
    ];
    const { messages } = normalizeToolCallIds(history, ANTHROPIC_LIKE);
    const ids = idTrail(messages).filter((entry) => entry.startsWith('call:'));
    expect(new Set(ids).size).toBe(3);
    expect(ids).toContain('call:a_b');
    // Each result still follows its own call: contents line up with the renamed ids.
    const byId = new Map(
      messages
        .slice(1)
        .map((m) => [
          m.toolCallId,
          m.content[0]?.kind === 'tool_result' ? m.content[0].toolResult.content : '',
        ]),
    );
    const [first, second] = ids.map((entry) => entry.slice('call:'.length));
    expect(byId.get(first)).toBe('one');
    expect(byId.get(second)).toBe('two');
    expect(byId.get('a_b')).toBe('three');
  });

  it('rewrites a reused id consistently in every turn that uses it', () => {
    const history = [assistant([call('id.0')]), result('id.0'), assistant([call('id.0')]), result('id.0')];
    const { messages, changes } = normalizeToolCallIds(history, ANTHROPIC_LIKE);
    expect(idTrail(messages)).toEqual(['call:id_0', 'result:id_0', 'call:id_0', 'result:id_0']);
    expect(changes).toHaveLength(1);
  });

  it('reports an id no candidate can fit instead of breaking the history', () => {
    const impossible: ToolCallIdRule = { pattern: /^toolu_[0-9]{2}$/, maxLength: 8 };
    const { messages, changes } = normalizeToolCallIds([assistant([call('x')])], impossible);
    expect(idTrail(messages)).toEqual(['call:x']);
    expect(changes.map((c) => c.kind)).toEqual(['tool_call_id_unfixable']);
  });
});
