import { describe, expect, it } from 'vitest';
import { Message } from '../types/content.js';
import { MISSING_RESULT_TEXT } from './add-missing-tool-results.js';
import { assistant, call, deepFreeze, idTrail, result, user } from './history-fixtures.test-support.js';
import { type RepairTarget, repairHistory } from './repair-history.js';

const CLAUDE = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
const GEMINI_TARGET: RepairTarget = { provider: 'gemini', model: 'gemini-3-flash-preview' };
const STRICT_IDS: RepairTarget = {
  provider: 'mistral',
  model: 'mistral-large',
  toolCallIdRule: { pattern: /^[a-zA-Z0-9]{9}$/, maxLength: 9 },
};

/** Histories with every kind of damage, alone and together. */
const MESSY: Record<string, Message[]> = {
  clean: [user('hi'), assistant([{ kind: 'text', text: 'hello' }], CLAUDE)],
  interrupted: [user('go'), assistant([call('toolu_a'), call('toolu_b')], CLAUDE), result('toolu_b')],
  orphaned: [
    user('go'),
    result('ghost'),
    assistant([call('toolu_a')], CLAUDE),
    result('toolu_a'),
    result('toolu_a'),
  ],
  foreign: [
    user('go'),
    assistant(
      [
        { kind: 'thinking', thinking: { text: 'plan', signature: 'sig', redacted: false } },
        { kind: 'redacted_thinking', thinking: { text: '', signature: 'r', redacted: true } },
        call('toolu_a', 'read_file', 'call-sig'),
      ],
      CLAUDE,
    ),
    user('actually'),
    result('toolu_a'),
  ],
  longIds: [
    assistant([call('call_0123456789abcdef0123456789abcdef'), call('call_0123456789abcdef0123456789abcdeX')]),
    result('call_0123456789abcdef0123456789abcdeX'),
  ],
};

describe('repairHistory', () => {
  for (const [name, history] of Object.entries(MESSY)) {
    for (const target of [CLAUDE, GEMINI_TARGET, STRICT_IDS]) {
      it(`is idempotent and leaves its input untouched (${name} → ${target.provider})`, () => {
        const frozen = deepFreeze(structuredClone(history));
        const once = repairHistory(frozen, target);
        const twice = repairHistory(once.messages, target);
        expect(twice.messages).toEqual(once.messages);
        expect(twice.changes).toEqual([]);
        expect(frozen).toEqual(history);
      });
    }
  }

  it('applies every rule in one pass: foreign signatures, orphans, missing results, ids', () => {
    const history = deepFreeze([
      user('go'),
      result('ghost'),
      assistant(
        [
          { kind: 'thinking', thinking: { text: 'plan', signature: 'sig', redacted: false } },
          call('toolu_a.1', 'read_file'),
          call('toolu_b.2', 'grep'),
        ],
        CLAUDE,
      ),
      user('hurry'),
      result('toolu_a.1'),
    ]);
    const { messages, changes } = repairHistory(history, {
      provider: 'openai',
      model: 'gpt-5.2',
      toolCallIdRule: { pattern: /^[a-zA-Z0-9_-]+$/, maxLength: 64 },
    });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    expect(idTrail(messages)).toEqual([
      'call:toolu_a_1',
      'call:toolu_b_2',
      'result:toolu_a_1',
      'result:toolu_b_2',
    ]);
    expect(messages[3]?.content[0]).toMatchObject({
      kind: 'tool_result',
      toolResult: { content: MISSING_RESULT_TEXT, isError: true, toolName: 'grep' },
    });
    expect(JSON.stringify(messages)).not.toContain('"signature"');
    expect(changes.map((c) => c.kind)).toEqual([
      'signatures_dropped',
      'thinking_to_text',
      'orphan_tool_result_dropped',
      'synthetic_tool_result_added',
      'tool_results_reordered',
      'tool_call_id_rewritten',
      'tool_call_id_rewritten',
    ]);
    for (const change of changes) expect(change.description.length).toBeGreaterThan(10);
  });

  it('keeps a same-provider, same-model history byte for byte', () => {
    const history = MESSY.foreign!.slice(0, 2).concat(result('toolu_a'));
    const { messages, changes } = repairHistory(history, CLAUDE);
    expect(changes).toEqual([]);
    expect(messages).toEqual(history);
  });
});

describe('repairHistory on an array it already repaired', () => {
  it('repairs again once the caller appended to the array', () => {
    const target = { provider: 'anthropic', model: 'claude-sonnet-5-5' };
    const history: Message[] = [Message.user('hi')];
    const first = repairHistory(history, target).messages;
    first.push({
      role: 'tool',
      toolCallId: 'ghost',
      content: [{ kind: 'tool_result', toolResult: { toolCallId: 'ghost', content: 'x', isError: false } }],
    });
    const second = repairHistory(first, target);
    expect(second.messages).toHaveLength(1);
    expect(second.changes.map((c) => c.kind)).toContain('orphan_tool_result_dropped');
  });
});
