import { describe, expect, it } from 'vitest';
import { MessageCache } from './message-cache.js';
import type { Turn } from './turn.js';

const user = (id: string, text: string): Turn => ({
  type: 'user',
  id,
  timestamp: '',
  content: [{ type: 'text', text }],
});

describe('MessageCache', () => {
  it('converts only new turns, reusing the messages built before', () => {
    const cache = new MessageCache({ vision: false });
    const history: Turn[] = [user('1', 'a'), user('2', 'b')];
    const first = [...cache.messagesFor(history)];
    history.push(user('3', 'c'));
    const second = cache.messagesFor(history);
    expect(second).toHaveLength(3);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
  });

  it('rebuilds when the history was replaced, reusing the conversions of turns that survived', () => {
    const cache = new MessageCache({ vision: false });
    const kept = user('2', 'b');
    const before = cache.messagesFor([user('1', 'a'), kept]);
    const keptMessage = before[1];
    const after = cache.messagesFor([user('s', 'summary'), kept]);
    expect(after.map((m) => (m.content[0]?.kind === 'text' ? m.content[0].text : ''))).toEqual([
      'summary',
      'b',
    ]);
    expect(after[1]).toBe(keptMessage);
  });

  it('converts again for a target with other capabilities', () => {
    const cache = new MessageCache({ vision: true });
    const history: Turn[] = [
      {
        type: 'user',
        id: 'i',
        timestamp: '',
        content: [{ type: 'image', data: 'x', mediaType: 'image/png' }],
      },
    ];
    expect(cache.messagesFor(history)[0]?.content[0]?.kind).toBe('image');
    cache.setTarget({ vision: false });
    expect(cache.messagesFor(history)[0]?.content[0]?.kind).toBe('text');
  });
});
