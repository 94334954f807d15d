import { describe, expect, it } from 'vitest';
import { EventHub } from './event-hub.js';
import type { SessionEvent } from './session-event.js';

const warning = (hub: EventHub, code: string) => hub.emit('warning', { code, message: code });

describe('EventHub', () => {
  it('wraps data in the envelope: kind, ISO timestamp, session id, data', () => {
    const hub = new EventHub('s-1');
    const event = warning(hub, 'a');
    expect(event).toMatchObject({ kind: 'warning', sessionId: 's-1', data: { code: 'a', message: 'a' } });
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
  });

  it('gives each subscriber every event from when it subscribed, in order', async () => {
    const hub = new EventHub('s');
    warning(hub, 'before');
    const first = hub.subscribe();
    warning(hub, 'one');
    const second = hub.subscribe();
    warning(hub, 'two');
    hub.end();
    const read = async (events: AsyncIterable<SessionEvent>) => {
      const codes: string[] = [];
      for await (const event of events) if (event.kind === 'warning') codes.push(event.data.code);
      return codes;
    };
    expect(await read(first)).toEqual(['one', 'two']);
    expect(await read(second)).toEqual(['two']);
  });

  it('gives a subscriber after the end nothing', async () => {
    const hub = new EventHub('s');
    hub.end();
    expect((await hub.subscribe().next()).done).toBe(true);
  });

  it('calls listeners by kind and for every event, until unsubscribed', () => {
    const hub = new EventHub('s');
    const seen: string[] = [];
    const off = hub.on('warning', (event) => seen.push(`warning:${event.data.code}`));
    hub.onAny((event) => seen.push(`any:${event.kind}`));
    warning(hub, 'a');
    hub.emit('error', { code: 'E', message: 'm', retryable: false });
    off();
    warning(hub, 'b');
    expect(seen).toEqual(['warning:a', 'any:warning', 'any:error', 'any:warning']);
  });

  it('isolates a listener that throws: the others still get the event, the failure is reported after delivery', () => {
    const reported: string[] = [];
    const hub = new EventHub('s', (error, event) =>
      reported.push(`${(error as Error).message} on ${event.kind}`),
    );
    const order: string[] = [];
    hub.on('warning', () => {
      order.push('first');
      throw new Error('boom');
    });
    hub.on('warning', () => order.push('second'));
    warning(hub, 'x');
    expect(order).toEqual(['first', 'second']);
    expect(reported).toEqual(['boom on warning']);
  });

  it('relays a subagent event with its agent id, nesting ids for grandchildren', () => {
    const hub = new EventHub('parent');
    const child = new EventHub('child');
    const seen: SessionEvent[] = [];
    hub.onAny((event) => seen.push(event));
    hub.relay(warning(child, 'c'), 'agent-1');
    hub.relay({ ...warning(child, 'g'), agentId: 'inner' }, 'agent-1');
    expect(seen.map((event) => [event.sessionId, event.agentId])).toEqual([
      ['child', 'agent-1'],
      ['child', 'agent-1/inner'],
    ]);
  });
});
