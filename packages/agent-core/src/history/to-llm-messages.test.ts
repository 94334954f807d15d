import { describe, expect, it } from 'vitest';
import { IMAGE_OMITTED_TEXT, turnToMessages } from './to-llm-messages.js';
import type { Turn } from './turn.js';

const base = { id: 't', timestamp: '2026-01-01T00:00:00.000Z' };
const image = { type: 'image' as const, data: 'aGk=', mediaType: 'image/png' };

describe('turnToMessages', () => {
  it('makes a user turn a user message, images kept for a vision model', () => {
    const turn: Turn = { ...base, type: 'user', content: [{ type: 'text', text: 'look' }, image] };
    expect(turnToMessages(turn, { vision: true })).toEqual([
      {
        role: 'user',
        content: [
          { kind: 'text', text: 'look' },
          { kind: 'image', image: { data: 'aGk=', mediaType: 'image/png' } },
        ],
      },
    ]);
  });

  it('replaces images with a note for a model without vision', () => {
    const turn: Turn = { ...base, type: 'user', content: [image] };
    expect(turnToMessages(turn, { vision: false })[0]?.content).toEqual([
      { kind: 'text', text: IMAGE_OMITTED_TEXT },
    ]);
  });

  it('replays an assistant turn’s message as it came', () => {
    const message = {
      role: 'assistant' as const,
      content: [{ kind: 'text' as const, text: 'hi' }],
      origin: { provider: 'p', model: 'm' },
    };
    const turn: Turn = {
      ...base,
      type: 'assistant',
      message,
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      finishReason: { reason: 'stop', raw: 'end_turn' },
      provider: 'p',
      model: 'm',
    };
    expect(turnToMessages(turn, { vision: false })[0]).toBe(message);
  });

  it('makes one tool message per result, in order, the first image riding in the result', () => {
    const turn: Turn = {
      ...base,
      type: 'tool_results',
      results: [
        { toolCallId: 'c1', toolName: 'read_file', content: [{ type: 'text', text: 'one' }], isError: false },
        {
          toolCallId: 'c2',
          toolName: 'view',
          content: [{ type: 'text', text: 'two' }, image, image],
          isError: true,
        },
      ],
    };
    expect(turnToMessages(turn, { vision: true })).toEqual([
      {
        role: 'tool',
        toolCallId: 'c1',
        content: [
          {
            kind: 'tool_result',
            toolResult: { toolCallId: 'c1', toolName: 'read_file', content: 'one', isError: false },
          },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'c2',
        content: [
          {
            kind: 'tool_result',
            toolResult: {
              toolCallId: 'c2',
              toolName: 'view',
              content: 'two\n[1 more image(s) omitted]',
              isError: true,
              imageData: 'aGk=',
              imageMediaType: 'image/png',
            },
          },
        ],
      },
    ]);
  });

  it('sends steering as a user message', () => {
    const turn: Turn = { ...base, type: 'steering', content: 'focus on the tests', source: 'host' };
    expect(turnToMessages(turn, { vision: false })).toEqual([
      { role: 'user', content: [{ kind: 'text', text: 'focus on the tests' }] },
    ]);
  });

  it('sends a system turn as a user message inside <system-reminder>', () => {
    const turn: Turn = { ...base, type: 'system', content: 'The user switched branches.' };
    expect(turnToMessages(turn, { vision: false })).toEqual([
      {
        role: 'user',
        content: [
          { kind: 'text', text: '<system-reminder>\nThe user switched branches.\n</system-reminder>' },
        ],
      },
    ]);
  });

  it('sends a summary as a user message with the summary and its files', () => {
    const turn: Turn = {
      ...base,
      type: 'summary',
      summary: 'We fixed the parser.',
      replacedTurns: 12,
      firstKeptTurnId: 'k',
      readFiles: ['a.ts'],
      modifiedFiles: ['b.ts'],
    };
    const [message] = turnToMessages(turn, { vision: false });
    expect(message?.role).toBe('user');
    const text = message?.content[0]?.kind === 'text' ? message.content[0].text : '';
    expect(text).toContain('<summary>\nWe fixed the parser.\n</summary>');
    expect(text).toContain('a.ts');
    expect(text).toContain('b.ts');
  });
});
