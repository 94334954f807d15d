import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorKind, FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  AccessDeniedError,
  AuthenticationError,
  ContextLengthError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  RequestTimeoutError,
  type SDKError,
  ServerError,
  StreamError,
} from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { GeminiAdapter } from './gemini-adapter.js';
import { caught, collect, startGemini, TEST_KEY } from './gemini-adapter.test-support.js';

const MODEL = 'gemini-2.5-flash';
const ask = { model: MODEL, messages: [Message.user('hi')] };

let server: FakeModelServer;
let adapter: GeminiAdapter;
beforeEach(async () => {
  ({ server, adapter } = await startGemini());
});
afterEach(async () => {
  await server.close();
});

type ErrorClass = abstract new (...args: never[]) => SDKError;

/** Every error the fake server can send as Gemini, and what the adapter must make of it. */
const ERRORS: [ErrorKind, ErrorClass, status: number, rpcStatus: string, retryable: boolean][] = [
  ['context_overflow', ContextLengthError, 400, 'INVALID_ARGUMENT', false],
  ['invalid_request', InvalidRequestError, 400, 'INVALID_ARGUMENT', false],
  // Gemini answers a bad key with 400 INVALID_ARGUMENT; ErrorInfo.reason API_KEY_INVALID says what it is.
  ['authentication', AuthenticationError, 400, 'INVALID_ARGUMENT', false],
  ['permission', AccessDeniedError, 403, 'PERMISSION_DENIED', false],
  ['not_found', NotFoundError, 404, 'NOT_FOUND', false],
  ['request_too_large', InvalidRequestError, 400, 'INVALID_ARGUMENT', false],
  ['rate_limit', RateLimitError, 429, 'RESOURCE_EXHAUSTED', true],
  // A per-day quota in QuotaFailure: waiting seconds will not help.
  ['quota', QuotaExceededError, 429, 'RESOURCE_EXHAUSTED', false],
  ['billing', QuotaExceededError, 429, 'RESOURCE_EXHAUSTED', false],
  ['server', ServerError, 500, 'INTERNAL', true],
  ['unavailable', ServerError, 503, 'UNAVAILABLE', true],
  ['overloaded', ServerError, 503, 'UNAVAILABLE', true],
];
const ERROR_CASES = ERRORS.map(([kind, ErrorType, status, rpcStatus, retryable]) => ({
  kind,
  ErrorType,
  name: ErrorType.name,
  status,
  rpcStatus,
  retryable,
}));

describe('Gemini adapter: HTTP errors', () => {
  it.each(ERROR_CASES)(
    'U2.9 maps a $kind error to $name (HTTP $status, $rpcStatus), in complete() and stream() alike',
    async ({ kind, ErrorType, status, rpcStatus, retryable }) => {
      server.enqueue({ error: { kind } }, { error: { kind } });
      const completed = await caught(() => adapter.complete(ask));
      const streamed = await caught(() => collect(adapter.stream(ask)));
      for (const error of [completed, streamed]) {
        expect(error).toBeInstanceOf(ErrorType);
        expect(error).toMatchObject({
          provider: 'gemini',
          statusCode: status,
          errorCode: rpcStatus,
          retryable,
          raw: { error: { code: status, status: rpcStatus } },
        });
        // The message is Gemini's own, not the SDK's JSON dump of the body.
        expect((error as Error).message).toMatch(/^gemini: [^{]/);
      }
    },
  );

  it('U2.10 reads Gemini’s retry hint (google.rpc.RetryInfo.retryDelay in the body) onto retryAfter', async () => {
    server.enqueue({ error: { kind: 'rate_limit', retryAfterSeconds: 34.4 } });
    const error = await caught(() => adapter.complete(ask));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(34.4);
  });

  it('never retries on its own: a 429 and a 503 are each sent once', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit' } },
      { error: { kind: 'unavailable' } },
      { content: [{ type: 'text', text: 'too late' }] },
    );
    await caught(() => adapter.complete(ask));
    await caught(() => collect(adapter.stream(ask)));
    expect(server.requests).toHaveLength(2);
    expect(server.pendingTurns).toBe(1);
  });

  it('fails with NetworkError when nothing listens at the base URL', async () => {
    const url = server.url;
    await server.close();
    const offline = new GeminiAdapter({ apiKey: TEST_KEY, baseUrl: url });
    expect(await caught(() => offline.complete(ask))).toBeInstanceOf(NetworkError);
    expect(await caught(() => collect(offline.stream(ask)))).toBeInstanceOf(NetworkError);
    ({ server, adapter } = await startGemini()); // for afterEach
  });
});

describe('Gemini adapter: faults in a stream', () => {
  const text: ScriptedTurn = { content: [{ type: 'text', text: 'abcdef', chunks: 1 }] };

  /** The events that arrived, and what the stream threw (undefined when it ended normally). */
  async function run(turn: ScriptedTurn, options: Parameters<GeminiAdapter['stream']>[1] = {}) {
    server.enqueue(turn);
    const events: StreamEvent[] = [];
    let error: unknown;
    try {
      for await (const event of adapter.stream(ask, options)) events.push(event);
    } catch (thrown) {
      error = thrown;
    }
    return { events, error };
  }

  it('throws the classified error for an in-stream error frame, after the events before it', async () => {
    const { events, error } = await run({ ...text, streamError: { kind: 'unavailable', afterFrames: 2 } });
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ statusCode: 503, errorCode: 'UNAVAILABLE', retryable: true });
    expect((error as ServerError).message).toContain('The model is overloaded');
    expect(events.map((e) => e.type)).toEqual(['stream_start', 'text_start', 'text_delta', 'text_delta']);
  });

  it.each(ERROR_CASES)(
    'maps an in-stream $kind error frame to $name, as the same HTTP error',
    async ({ kind, ErrorType, status, rpcStatus, retryable }) => {
      const { error } = await run({ ...text, streamError: { kind, afterFrames: 1 } });
      expect(error).toBeInstanceOf(ErrorType);
      expect(error).toMatchObject({ statusCode: status, errorCode: rpcStatus, retryable });
    },
  );

  it('throws StreamError when the connection is reset mid-stream', async () => {
    const { events, error } = await run({ ...text, faults: { cut: { afterFrames: 2, mode: 'reset' } } });
    expect(error).toBeInstanceOf(StreamError);
    expect(events.some((e) => e.type === 'finish')).toBe(false);
  });

  it('throws StreamError when the server closes cleanly before the frame with the finishReason', async () => {
    const { events, error } = await run({ ...text, faults: { cut: { afterFrames: 3, mode: 'end' } } });
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).message).toMatch(/finishReason/);
    expect(events.filter((e) => e.type === 'text_delta')).toHaveLength(3);
  });

  it('throws StreamError when the body stops inside a frame', async () => {
    const { error } = await run({
      ...text,
      faults: {
        cut: { afterFrames: 1, mode: 'end' },
        malformed: { beforeFrame: 1, text: '{"candidates": [' },
      },
    });
    expect(error).toBeInstanceOf(StreamError);
  });

  it('throws StreamError for a frame whose JSON is broken', async () => {
    const { error } = await run({ ...text, faults: { malformed: { beforeFrame: 2 } } });
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ retryable: true });
  });

  it('lets a slow stream finish when every gap is shorter than the idle timeout', async () => {
    const { events, error } = await run(
      { content: [{ type: 'text', text: 'slow', chunks: 1 }], faults: { frameDelayMs: 50 } },
      { streamIdleTimeoutMs: 2_000 },
    );
    expect(error).toBeUndefined();
    expect(events.at(-1)?.type).toBe('finish');
  });

  it('throws RequestTimeoutError when no chunk arrives for streamIdleTimeoutMs', async () => {
    const { events, error } = await run(
      { ...text, faults: { stall: { afterFrames: 2, ms: 10_000 } } },
      { streamIdleTimeoutMs: 200 },
    );
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(events.filter((e) => e.type === 'text_delta')).toHaveLength(2);
  });

  it('takes the idle timeout from the adapter options when the call gives none', async () => {
    const patient = new GeminiAdapter({ apiKey: TEST_KEY, baseUrl: server.url, streamIdleTimeoutMs: 200 });
    server.enqueue({ ...text, faults: { stall: { afterFrames: 1, ms: 10_000 } } });
    expect(await caught(() => collect(patient.stream(ask)))).toBeInstanceOf(RequestTimeoutError);
  });

  it('throws AbortError when the caller aborts mid-stream', async () => {
    const controller = new AbortController();
    server.enqueue({ ...text, faults: { stall: { afterFrames: 2, ms: 10_000 } } });
    const events: StreamEvent[] = [];
    const error = await caught(async () => {
      for await (const event of adapter.stream(ask, { signal: controller.signal })) {
        events.push(event);
        if (event.type === 'text_delta') controller.abort();
      }
    });
    expect(error).toBeInstanceOf(AbortError);
    expect(events.filter((e) => e.type === 'text_delta')).toHaveLength(1);
  });

  it('throws AbortError without sending anything when the signal has already fired', async () => {
    const signal = AbortSignal.abort();
    expect(await caught(() => adapter.complete(ask, { signal }))).toBeInstanceOf(AbortError);
    expect(await caught(() => collect(adapter.stream(ask, { signal })))).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(0);
  });
});

/**
 * A real HTTP server that takes requests and holds them open: it answers nothing (or, for a
 * stream, the headers and one Gemini frame), and records when the client closes the connection.
 */
async function holdingServer(firstFrame?: string) {
  const closed: string[] = [];
  const held: ServerResponse[] = [];
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    held.push(res);
    res.on('close', () => closed.push(req.url ?? ''));
    if (firstFrame !== undefined && req.url?.includes('streamGenerateContent')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(firstFrame);
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    adapter: new GeminiAdapter({ apiKey: TEST_KEY, baseUrl: url }),
    closed,
    /** How many requests have arrived. */
    received: () => held.length,
    /** Resolves once the client has closed `count` connections. */
    async closedCount(count: number) {
      while (closed.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async close() {
      for (const res of held) res.destroy();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

describe('Gemini adapter: timeouts and abort against a server that does not answer', () => {
  const FRAME =
    'data: {"candidates": [{"content": {"parts": [{"text": "Hi"}],"role": "model"},"index": 0}]}\r\n\r\n';

  it('complete() throws RequestTimeoutError after requestTimeoutMs, and closes the connection', async () => {
    const silent = await holdingServer();
    try {
      const error = await caught(() => silent.adapter.complete(ask, { requestTimeoutMs: 200 }));
      expect(error).toBeInstanceOf(RequestTimeoutError);
      expect((error as Error).message).toContain('200 ms');
      await silent.closedCount(1);
    } finally {
      await silent.close();
    }
  });

  it('stream() throws RequestTimeoutError when the response does not start within requestTimeoutMs', async () => {
    const silent = await holdingServer();
    try {
      expect(
        await caught(() => collect(silent.adapter.stream(ask, { requestTimeoutMs: 200 }))),
      ).toBeInstanceOf(RequestTimeoutError);
      await silent.closedCount(1);
    } finally {
      await silent.close();
    }
  });

  it('the request timeout does not cut a stream that has started: the idle timeout takes over', async () => {
    const stalled = await holdingServer(FRAME);
    try {
      const events: StreamEvent[] = [];
      const error = await caught(async () => {
        const stream = stalled.adapter.stream(ask, { requestTimeoutMs: 100, streamIdleTimeoutMs: 400 });
        for await (const event of stream) events.push(event);
      });
      expect(error).toBeInstanceOf(RequestTimeoutError);
      expect((error as Error).message).toMatch(/sent nothing for 400 ms/);
      expect(events.map((e) => e.type)).toEqual(['stream_start', 'text_start', 'text_delta']);
      await stalled.closedCount(1);
    } finally {
      await stalled.close();
    }
  });

  it('complete() throws AbortError when the caller aborts while waiting, and closes the connection', async () => {
    const silent = await holdingServer();
    try {
      const controller = new AbortController();
      const pending = caught(() => silent.adapter.complete(ask, { signal: controller.signal }));
      await waitFor(() => silent.received() > 0);
      controller.abort();
      expect(await pending).toBeInstanceOf(AbortError);
      await silent.closedCount(1);
    } finally {
      await silent.close();
    }
  });

  it('stream() closes the connection when the caller aborts after the first chunk', async () => {
    const stalled = await holdingServer(FRAME);
    try {
      const controller = new AbortController();
      const error = await caught(async () => {
        for await (const event of stalled.adapter.stream(ask, { signal: controller.signal })) {
          if (event.type === 'text_delta') controller.abort();
        }
      });
      expect(error).toBeInstanceOf(AbortError);
      await stalled.closedCount(1);
    } finally {
      await stalled.close();
    }
  });

  it('stream() closes the connection when the consumer stops reading early', async () => {
    const stalled = await holdingServer(FRAME);
    try {
      for await (const event of stalled.adapter.stream(ask)) {
        if (event.type === 'text_delta') break;
      }
      await stalled.closedCount(1);
      expect(stalled.closed).toHaveLength(1);
    } finally {
      await stalled.close();
    }
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
