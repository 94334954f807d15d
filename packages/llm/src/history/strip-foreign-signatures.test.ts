import { describe, expect, it } from 'vitest';
import type { Message } from '../types/content.js';
import { assistant, call, deepFreeze, user } from './history-fixtures.test-support.js';
import { quoteReasoning, stripForeignSignatures } from './strip-foreign-signatures.js';

const CLAUDE = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
const GEMINI = { provider: 'gemini', model: 'gemini-3-flash-preview' };

const claudeTurn: Message = assistant(
  [
    {
      kind: 'thinking',
      thinking: { text: 'The user wants a listing.', signature: 'sig-a', redacted: false },
    },
    { kind: 'redacted_thinking', thinking: { text: '', signature: 'opaque', redacted: true } },
    { kind: 'text', text: 'Listing.' },
    call('toolu_1'),
  ],
  CLAUDE,
);

describe('stripForeignSignatures', () => {
  it('keeps everything when the message comes from the target provider and model', () => {
    const history = deepFreeze([user('ls'), claudeTurn]);
    const { messages, changes } = stripForeignSignatures(history, CLAUDE);
    expect(messages[1]).toBe(claudeTurn);
    expect(changes).toEqual([]);
  });

  it('keeps signatures across a snapshot suffix of the same model', () => {
    const { changes } = stripForeignSignatures([claudeTurn], {
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
    });
    expect(changes).toEqual([]);
  });

  it('turns foreign thinking into quoted text, drops redacted thinking and all signatures', () => {
    const { messages, changes } = stripForeignSignatures(deepFreeze([user('ls'), claudeTurn]), GEMINI);
    expect(messages[1]?.content).toEqual([
      { kind: 'text', text: quoteReasoning('The user wants a listing.') },
      { kind: 'text', text: 'Listing.' },
      { kind: 'tool_call', toolCall: { id: 'toolu_1', name: 'read_file', arguments: { path: 'a.ts' } } },
    ]);
    expect(messages[1]?.origin).toEqual(CLAUDE);
    expect(changes.map((c) => c.kind)).toEqual([
      'signatures_dropped',
      'thinking_to_text',
      'thinking_dropped',
    ]);
  });

  it('strips when only the model changed on the same provider', () => {
    const { messages } = stripForeignSignatures([claudeTurn], {
      provider: 'anthropic',
      model: 'claude-opus-4-6',
    });
    expect(JSON.stringify(messages)).not.toContain('sig-a');
  });

  it('drops Gemini thought signatures on calls and text, and OpenAI item ids', () => {
    const geminiTurn = assistant(
      [
        { kind: 'text', text: 'Reading.', signature: 'ts-text' },
        {
          kind: 'tool_call',
          toolCall: { id: 'call_1', name: 'read_file', arguments: {}, signature: 'ts-call' },
        },
      ],
      GEMINI,
    );
    const openaiTurn = assistant(
      [
        {
          kind: 'thinking',
          thinking: { text: '', signature: 'enc', redacted: false, providerItemId: 'rs_1' },
        },
        {
          kind: 'tool_call',
          toolCall: { id: 'call_2', name: 'read_file', arguments: {}, providerItemId: 'fc_2' },
        },
      ],
      { provider: 'openai', model: 'gpt-5.2' },
    );
    const { messages } = stripForeignSignatures([geminiTurn, openaiTurn], CLAUDE);
    expect(messages[0]?.content).toEqual([
      { kind: 'text', text: 'Reading.' },
      { kind: 'tool_call', toolCall: { id: 'call_1', name: 'read_file', arguments: {} } },
    ]);
    // Signature-only reasoning has nothing to read: it is dropped, not quoted as an empty note.
    expect(messages[1]?.content).toEqual([
      { kind: 'tool_call', toolCall: { id: 'call_2', name: 'read_file', arguments: {} } },
    ]);
  });

  it("drops foreign reasoning entirely with foreignThinking: 'drop'", () => {
    const { messages } = stripForeignSignatures([claudeTurn], { ...GEMINI, foreignThinking: 'drop' });
    expect(messages[0]?.content.map((p) => p.kind)).toEqual(['text', 'tool_call']);
  });

  it('removes a foreign message that held only redacted reasoning', () => {
    const onlyRedacted = assistant(
      [{ kind: 'redacted_thinking', thinking: { text: '', signature: 'x', redacted: true } }],
      CLAUDE,
    );
    const { messages } = stripForeignSignatures([user('hi'), onlyRedacted, user('again')], GEMINI);
    expect(messages.map((m) => m.role)).toEqual(['user', 'user']);
  });

  it('leaves messages without an origin alone: nothing says they are foreign', () => {
    const unknown = assistant([
      { kind: 'thinking', thinking: { text: 't', signature: 's', redacted: false } },
    ]);
    const { messages, changes } = stripForeignSignatures([unknown], GEMINI);
    expect(messages[0]).toBe(unknown);
    expect(changes).toEqual([]);
  });
});
