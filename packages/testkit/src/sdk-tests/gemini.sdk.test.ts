import { ApiError, type GenerateContentResponse, type GoogleGenAI } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeModelServer } from '../server/fake-model-server.js';
import { caught, geminiClient } from './sdk-clients.js';

const MODEL = 'gemini-2.5-flash';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

async function streamed(client: GoogleGenAI, config: Record<string, unknown> = {}, model = MODEL) {
  const stream = await client.models.generateContentStream({ model, contents: 'hi', config });
  const all: GenerateContentResponse[] = [];
  for await (const chunk of stream) all.push(chunk);
  return all;
}

const texts = (all: GenerateContentResponse[]) => all.map((c) => c.text ?? '').filter((t) => t !== '');

describe('Gemini through @google/genai', () => {
  it('streams text in the scripted chunks as CRLF-terminated data frames', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Hello, world!', chunks: ['Hel', 'lo, ', 'world!'] }] });
    const all = await streamed(geminiClient(server));
    expect(texts(all)).toEqual(['Hel', 'lo, ', 'world!']);
    expect(all.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(server.lastRequest).toMatchObject({
      path: `/v1beta/models/${MODEL}:streamGenerateContent`,
      query: { alt: 'sse' },
      stream: true,
    });
  });

  it('answers the non-streaming call with the same content', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Whole.', chunks: 2 }] });
    const response = await geminiClient(server).models.generateContent({ model: MODEL, contents: 'hi' });
    expect(response.text).toBe('Whole.');
    expect(response.responseId).toBeTruthy();
    expect(response.modelVersion).toBe(MODEL);
  });

  it('answers under /v1/ as well as /v1beta/', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'v1 works' }] });
    const response = await geminiClient(server, { apiVersion: 'v1' }).models.generateContent({
      model: MODEL,
      contents: 'hi',
    });
    expect(response.text).toBe('v1 works');
    expect(server.lastRequest?.path).toBe(`/v1/models/${MODEL}:generateContent`);
  });

  it('sends thought parts only when includeThoughts is set, and the thoughtSignature on the following part', async () => {
    const turn = {
      content: [
        { type: 'reasoning' as const, text: 'Pondering.', signature: 'c2lnbmF0dXJl' },
        { type: 'text' as const, text: 'Answer.' },
      ],
      usage: { input: 9, output: 23, reasoning: 185 },
    };
    server.enqueue(turn, turn);
    const withThoughts = await streamed(geminiClient(server), { thinkingConfig: { includeThoughts: true } });
    const parts = withThoughts.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
    expect(parts).toEqual([
      { text: 'Pondering.', thought: true },
      { text: 'Answer.', thoughtSignature: 'c2lnbmF0dXJl' },
    ]);
    expect(withThoughts.at(-1)?.usageMetadata).toMatchObject({
      promptTokenCount: 9,
      candidatesTokenCount: 23,
      thoughtsTokenCount: 185,
      totalTokenCount: 217,
    });
    const withoutThoughts = await streamed(geminiClient(server));
    expect(withoutThoughts.flatMap((c) => c.candidates?.[0]?.content?.parts ?? [])).toEqual([
      { text: 'Answer.', thoughtSignature: 'c2lnbmF0dXJl' },
    ]);
  });

  it('delivers function calls whole, parallel ones in one frame, with the signature on the first', async () => {
    server.enqueue({
      content: [
        { type: 'reasoning', text: '', signature: 'sig-1' },
        { type: 'tool_call', name: 'read_file', arguments: { file_path: 'a.ts' } },
        { type: 'tool_call', name: 'list_directory', arguments: {} },
      ],
    });
    const all = await streamed(geminiClient(server), {}, 'gemini-3-pro-preview');
    const calls = all.flatMap((c) => c.functionCalls ?? []);
    expect(calls).toEqual([
      { name: 'read_file', args: { file_path: 'a.ts' } },
      { name: 'list_directory', args: {} },
    ]);
    const parts = all.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
    expect(parts[0]?.thoughtSignature).toBe('sig-1');
    expect(parts[1]?.thoughtSignature).toBeUndefined();
    expect(all.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('puts a trailing signature on an empty text part, as Gemini 3 does', async () => {
    server.enqueue({
      content: [
        { type: 'text', text: 'Hi' },
        { type: 'reasoning', text: '', signature: 'tail-sig' },
      ],
    });
    const all = await streamed(geminiClient(server));
    expect(all.at(-1)?.candidates?.[0]?.content?.parts).toEqual([{ text: '', thoughtSignature: 'tail-sig' }]);
  });

  it('counts cached input inside promptTokenCount and reports cachedContentTokenCount', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'x' }],
      usage: { input: 12, cacheRead: 65, output: 71, reasoning: 89 },
    });
    const response = await geminiClient(server).models.generateContent({ model: MODEL, contents: 'hi' });
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: 77,
      cachedContentTokenCount: 65,
      candidatesTokenCount: 71,
      thoughtsTokenCount: 89,
      totalTokenCount: 237,
    });
  });

  it.each([
    ['end', 'STOP'],
    ['max_tokens', 'MAX_TOKENS'],
    ['content_filter', 'SAFETY'],
  ] as const)('maps stop %s to finishReason %s', async (stop, reason) => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], stop });
    const response = await geminiClient(server).models.generateContent({ model: MODEL, contents: 'hi' });
    expect(response.candidates?.[0]?.finishReason).toBe(reason);
  });

  it.each([
    'RECITATION',
    'MALFORMED_FUNCTION_CALL',
    'UNEXPECTED_TOOL_CALL',
    'TOO_MANY_TOOL_CALLS',
    'PROHIBITED_CONTENT',
  ])('passes Gemini’s own finishReason %s through', async (reason) => {
    server.enqueue({ content: [{ type: 'text', text: 'x' }], rawStop: { gemini: reason } });
    const all = await streamed(geminiClient(server));
    expect(all.at(-1)?.candidates?.[0]?.finishReason).toBe(reason);
  });

  it('blocks a prompt with HTTP 200, promptFeedback and no candidates', async () => {
    server.enqueue({ promptBlocked: 'PROHIBITED_CONTENT' });
    const response = await geminiClient(server).models.generateContent({ model: MODEL, contents: 'hi' });
    expect(response.candidates).toBeUndefined();
    expect(response.promptFeedback?.blockReason).toBe('PROHIBITED_CONTENT');
  });

  it.each([
    ['context_overflow', 400, 'INVALID_ARGUMENT', 'input token count'],
    ['authentication', 400, 'INVALID_ARGUMENT', 'API key not valid'],
    ['permission', 403, 'PERMISSION_DENIED', 'permission'],
    ['not_found', 404, 'NOT_FOUND', 'is not found'],
    ['rate_limit', 429, 'RESOURCE_EXHAUSTED', 'exceeded your current quota'],
    ['server', 500, 'INTERNAL', 'internal error'],
    ['overloaded', 503, 'UNAVAILABLE', 'overloaded'],
  ] as const)(
    'surfaces a scripted %s as ApiError %i with status %s',
    async (kind, status, rpcStatus, text) => {
      server.enqueue({ error: { kind, retryAfterSeconds: 34 } });
      const error = await caught(() =>
        geminiClient(server).models.generateContent({ model: MODEL, contents: 'hi' }),
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      const body = JSON.parse((error as ApiError).message) as {
        error: { status: string; message: string; details?: unknown[] };
      };
      expect(body.error.status).toBe(rpcStatus);
      expect(body.error.message).toContain(text);
      if (kind === 'rate_limit') {
        expect(body.error.details).toContainEqual({
          '@type': 'type.googleapis.com/google.rpc.RetryInfo',
          retryDelay: '34s',
        });
      }
    },
  );

  it('raises ApiError for an error frame in the middle of a stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abc', chunks: 1 }],
      streamError: { kind: 'server', afterFrames: 1 },
    });
    const error = await caught(() => streamed(geminiClient(server)));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
  });

  it('fails, rather than hangs, when the connection is cut mid-stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abcdef', chunks: 1 }],
      faults: { cut: { afterFrames: 2 } },
    });
    expect(await caught(() => streamed(geminiClient(server)))).toBeInstanceOf(Error);
  });

  it('fails when a frame is cut off before its terminator', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'abc' }],
      faults: {
        cut: { afterFrames: 1, mode: 'end' },
        malformed: { beforeFrame: 1, text: '{"candidates": [' },
      },
    });
    expect(await caught(() => streamed(geminiClient(server)))).toBeInstanceOf(Error);
  });

  it('turns a stall into an error once the caller’s deadline passes', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'slow', chunks: 1 }],
      faults: { stall: { afterFrames: 1, ms: 10_000 } },
    });
    const error = await caught(() =>
      streamed(geminiClient(server), { abortSignal: AbortSignal.timeout(300) }),
    );
    expect(error).toBeInstanceOf(Error);
  });

  it('yields the same chunks when frames are split at every byte, inside multi-byte characters and the CRLF too', async () => {
    const text = 'Ça va? — 日本語 👍';
    server.enqueue(
      { content: [{ type: 'text', text, chunks: 3 }], faults: { split: { every: 1 } } },
      { content: [{ type: 'text', text, chunks: 3 }] },
    );
    const client = geminiClient(server);
    const split = texts(await streamed(client));
    expect(split.join('')).toBe(text);
    expect(split).toEqual(texts(await streamed(client)));
  });

  it('is retried by the SDK on 429 when its retryOptions are set', async () => {
    server.enqueue({ error: { kind: 'rate_limit' } }, { content: [{ type: 'text', text: 'ok' }] });
    const response = await geminiClient(server, { retryAttempts: 2 }).models.generateContent({
      model: MODEL,
      contents: 'hi',
    });
    expect(response.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('is not retried by the SDK by default', async () => {
    server.enqueue({ error: { kind: 'rate_limit' } }, { content: [{ type: 'text', text: 'ok' }] });
    await caught(() => geminiClient(server).models.generateContent({ model: MODEL, contents: 'hi' }));
    expect(server.requests).toHaveLength(1);
  });

  it('frames JSON as Gemini does: ": " after keys, bare commas between members, CRLF CRLF after each frame', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'A' }] });
    const response = await fetch(`${server.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    const raw = await response.text();
    expect(
      raw.startsWith('data: {"candidates": [{"content": {"parts": [{"text": "A"}],"role": "model"},'),
    ).toBe(true);
    expect(raw.endsWith('}\r\n\r\n')).toBe(true);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
  });
});
