import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { FakeModelServer, type ScriptedTurn } from '@weft/testkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, RequestTimeoutError, StreamError } from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { adapterFor, caught, collect, finishOf, MODEL } from './anthropic.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

const REQUEST = {
  model: MODEL,
  messages: [Message.user('hi')],
  tools: [{ name: 'write_file', description: 'Writes.', parameters: { type: 'object', properties: {} } }],
};

/** A turn with every block kind and multi-byte text, so byte-level splits land inside characters. */
const RICH_TURN: ScriptedTurn = {
  content: [
    { type: 'reasoning', text: 'Größe prüfen — 思考中 🤔', chunks: 3, signature: 'sig-Ünicode==' },
    { type: 'text', text: 'héllo wörld — 你好 🌍✨', chunks: 2 },
    {
      type: 'tool_call',
      name: 'write_file',
      id: 'toolu_01Split',
      arguments: { path: 'ü/名前.ts', content: 'const π = 3.14; // 🥧' },
      argumentChunks: 5,
    },
  ],
  usage: { input: 40, cacheRead: 7, output: 30, reasoning: 9 },
};

// Every client socket this process opens, as Node announces it, to check connections get closed.
const clientSockets: Socket[] = [];
const onClientSocket = (message: unknown) => clientSockets.push((message as { socket: Socket }).socket);
beforeAll(() => subscribe('net.client.socket', onClientSocket));
afterAll(() => unsubscribe('net.client.socket', onClientSocket));

/** Client connections to the fake server that are still open. */
function openConnections(): number {
  return clientSockets.filter((socket) => !socket.destroyed && socket.remotePort === server.port).length;
}

/** Events with the per-request message id removed, so two runs of the same turn compare equal. */
function withoutIds(events: StreamEvent[]): unknown[] {
  return events.map((event) => {
    if (event.type === 'stream_start') return { ...event, id: 'msg' };
    if (event.type === 'finish') {
      const { id: _id, raw: _raw, ...response } = event.response;
      return { ...event, response };
    }
    return event;
  });
}

describe('stream faults', () => {
  it.each([
    ['every byte', { every: 1 }],
    ['every 7 bytes', { every: 7 }],
    [
      'odd offsets inside frames and characters',
      { offsets: [1, 2, 3, 50, 51, 333, 334, 335, 900, 901, 1203] },
    ],
  ] as const)(
    'a stream split at %s gives exactly the events and response of an unsplit one',
    async (_name, split) => {
      server.enqueue(RICH_TURN, { ...RICH_TURN, faults: { split } });
      const adapter = adapterFor(server);
      const whole = await collect(adapter.stream(REQUEST));
      const pieces = await collect(adapter.stream(REQUEST));
      expect(withoutIds(pieces)).toEqual(withoutIds(whole));
      const text = pieces.flatMap((event) => (event.type === 'text_delta' ? [event.delta] : [])).join('');
      expect(text).toBe('héllo wörld — 你好 🌍✨');
      expect(finishOf(pieces).response.message.content[2]).toEqual({
        kind: 'tool_call',
        toolCall: {
          id: 'toolu_01Split',
          name: 'write_file',
          arguments: { path: 'ü/名前.ts', content: 'const π = 3.14; // 🥧' },
        },
      });
    },
  );

  it('a connection reset mid-stream is a StreamError', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 4 } },
    });
    const error = await caught(() => collect(adapterFor(server).stream(REQUEST)));
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).retryable).toBe(true);
  });

  it('a stream that closes cleanly before message_stop is a StreamError, not a short answer', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abc' }],
      faults: { cut: { afterFrames: 5, mode: 'end' } },
    });
    const seen: string[] = [];
    const error = await caught(async () => {
      for await (const event of adapterFor(server).stream(REQUEST)) seen.push(event.type);
    });
    expect(error).toBeInstanceOf(StreamError);
    expect((error as Error).message).toMatch(/before message_stop/);
    expect(seen).not.toContain('finish');
  });

  it('a malformed frame is a StreamError', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc' }], faults: { malformed: { beforeFrame: 2 } } });
    const error = await caught(() => collect(adapterFor(server).stream(REQUEST)));
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).cause).toBeInstanceOf(SyntaxError);
  });

  it('a stalled stream fails with RequestTimeoutError after streamIdleTimeoutMs, and the connection is closed', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow', chunks: 1 }],
      faults: { stall: { afterFrames: 3, ms: 10_000 } },
    });
    const seen: string[] = [];
    let openWhileStreaming = 0;
    const error = await caught(async () => {
      for await (const event of adapterFor(server).stream(REQUEST, { streamIdleTimeoutMs: 200 })) {
        seen.push(event.type);
        openWhileStreaming = openConnections();
      }
    });
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(seen).toEqual(['stream_start', 'text_start']);
    expect(openWhileStreaming).toBe(1);
    await expect.poll(openConnections, { timeout: 2000 }).toBe(0);
  });

  it('the adapter’s own idle timeout applies when the call sets none', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow' }],
      faults: { stall: { afterFrames: 1, ms: 10_000 } },
    });
    const error = await caught(() =>
      collect(adapterFor(server, { streamIdleTimeoutMs: 150 }).stream(REQUEST)),
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
  });

  it('a slow but steady stream (every gap shorter than the idle timeout) is not a stall', async () => {
    // Gaps a tenth of the limit, so a busy machine cannot stretch one past it; the whole stream
    // still lasts longer than the limit, so a timer over the whole stream would fail this.
    server.enqueue({
      content: [{ type: 'text', text: 'steady pace', chunks: 1 }],
      faults: { frameDelayMs: 100 },
    });
    const started = performance.now();
    const events = await collect(adapterFor(server).stream(REQUEST, { streamIdleTimeoutMs: 1000 }));
    expect(performance.now() - started).toBeGreaterThan(1000);
    expect(finishOf(events).response.message.content).toEqual([{ kind: 'text', text: 'steady pace' }]);
  });

  it('time the consumer spends on an event does not count as the stream being idle', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc', chunks: 1 }] });
    const deltas: string[] = [];
    for await (const event of adapterFor(server).stream(REQUEST, { streamIdleTimeoutMs: 100 })) {
      if (event.type === 'text_delta') deltas.push(event.delta);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(deltas).toEqual(['a', 'b', 'c']);
  });

  it('an abort mid-stream is an AbortError, and the connection is closed', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'a long answer', chunks: 1 }],
      faults: { stall: { afterFrames: 4, ms: 10_000 } },
    });
    const controller = new AbortController();
    const seen: string[] = [];
    let openWhileStreaming = 0;
    const error = await caught(async () => {
      for await (const event of adapterFor(server).stream(REQUEST, { signal: controller.signal })) {
        seen.push(event.type);
        openWhileStreaming = openConnections();
        if (event.type === 'text_delta') setTimeout(() => controller.abort(), 50);
      }
    });
    expect(error).toBeInstanceOf(AbortError);
    expect(seen).toEqual(['stream_start', 'text_start', 'text_delta']);
    expect(openWhileStreaming).toBe(1);
    await expect.poll(openConnections, { timeout: 2000 }).toBe(0);
  });

  it('a consumer that stops reading early closes the connection', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'a long answer', chunks: 1 }],
      faults: { stall: { afterFrames: 4, ms: 10_000 } },
    });
    for await (const event of adapterFor(server).stream(REQUEST)) {
      expect(openConnections()).toBe(1);
      if (event.type === 'text_start') break;
    }
    await expect.poll(openConnections, { timeout: 2000 }).toBe(0);
  });
});
