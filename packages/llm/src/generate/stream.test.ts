import { type FakeModelServer, match, type ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { AbortError, RateLimitError, RequestTimeoutError, StreamError } from '../errors/sdk-error.js';
import { ALL, caught, collect, instantSleep, startProviders } from '../parity/providers.test-support.js';
import type { GenerateStreamEvent } from './generate-stream-event.js';
import { stream } from './stream.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

const TEXT = 'The quick brown fox jumps over the lazy dog. ¿Qué tal? 日本語も。';
const chunked: ScriptedTurn = {
  content: [{ type: 'text', text: TEXT, chunks: 5 }],
  usage: { input: 20, output: 15 },
};

describe.each(ALL.map((p) => [p.id, p] as const))('stream on %s', (_id, provider) => {
  const base = () => ({ client, model: provider.model, provider: provider.name });

  it('U4.4 text deltas concatenate to the full text, and to response().text', async () => {
    server.enqueue(chunked);
    const result = stream({ ...base(), prompt: 'Tell me' });
    const deltas: string[] = [];
    for await (const event of result) if (event.type === 'text_delta') deltas.push(event.delta);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(TEXT);
    expect((await result.result()).text).toBe(TEXT);
    expect((await result.response()).message.content).toEqual([{ kind: 'text', text: TEXT }]);
  });

  it('U4.5 stream_start and finish carry the provider, model, finish reason, usage and response', async () => {
    server.enqueue(chunked);
    const events = await collect(stream({ ...base(), prompt: 'Tell me' }));
    const start = events[0];
    expect(start).toMatchObject({ type: 'stream_start', provider: provider.name, model: provider.model });
    const finish = events.find((e) => e.type === 'finish');
    if (finish?.type !== 'finish') throw new Error('no finish event');
    expect(finish.finishReason.reason).toBe('stop');
    expect(finish.usage.outputTokens).toBe(15);
    expect(finish.response.usage).toEqual(finish.usage);
    expect(finish.response.provider).toBe(provider.name);
    expect(finish.response.message.origin).toMatchObject({ provider: provider.name });
  });

  it('U4.6 text follows start / delta / end with one id, and the step ends with step_finish', async () => {
    server.enqueue(chunked);
    const events = await collect(stream({ ...base(), prompt: 'Tell me' }));
    const text = events.filter((e) => e.type.startsWith('text_')) as Extract<
      GenerateStreamEvent,
      { textId: string }
    >[];
    expect(text[0]?.type).toBe('text_start');
    expect(text.at(-1)?.type).toBe('text_end');
    expect(text.slice(1, -1).every((e) => e.type === 'text_delta')).toBe(true);
    expect(new Set(text.map((e) => e.textId)).size).toBe(1);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['finish', 'step_finish']);
  });

  it('textStream gives the text deltas alone, beside a consumer of the events', async () => {
    server.enqueue(chunked);
    const result = stream({ ...base(), prompt: 'Tell me' });
    const [events, text] = await Promise.all([collect(result), collect(result.textStream)]);
    expect(text.join('')).toBe(TEXT);
    expect(events.filter((e) => e.type === 'text_delta')).toHaveLength(text.length);
    expect(server.requests).toHaveLength(1);
  });

  it('runs the tool loop with step_finish between steps', async () => {
    server.when(match.afterToolResult(), { content: [{ type: 'text', text: 'Sunny.', chunks: 2 }] }).enqueue({
      content: [
        {
          type: 'tool_call',
          name: 'get_weather',
          arguments: { city: 'Oslo' },
          argumentChunks: 4,
          thoughtSignature: 'sig-w',
        },
      ],
    });
    const tool = {
      name: 'get_weather',
      description: 'Weather.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: ({ city }: Record<string, unknown>) => `Sunny in ${String(city)}`,
    };
    const result = stream({ ...base(), prompt: 'Weather?', tools: [tool] });
    const events = await collect(result);
    const kinds = events
      .map((e) => e.type)
      .filter((t) => ['stream_start', 'tool_call_end', 'finish', 'step_finish'].includes(t));
    expect(kinds).toEqual([
      'stream_start',
      'tool_call_end',
      'finish',
      'step_finish',
      'stream_start',
      'finish',
      'step_finish',
    ]);
    const firstStep = events.find((e) => e.type === 'step_finish');
    expect(firstStep?.type === 'step_finish' && firstStep.step.toolResults.map((r) => r.content)).toEqual([
      'Sunny in Oslo',
    ]);
    const final = await result.result();
    expect(final.text).toBe('Sunny.');
    expect(final.steps).toHaveLength(2);
  });

  it('U8.9 a stream that breaks after data has flowed is not retried: an error event ends it', async () => {
    server.enqueue({ ...chunked, faults: { cut: { afterFrames: 8, mode: 'reset' } } }, chunked);
    const clock = instantSleep();
    const result = stream({ ...base(), prompt: 'Tell me', retry: { sleep: clock.sleep } });
    const events = await collect(result);
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(last?.type === 'error' && last.error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(clock.delays).toEqual([]);
    await expect(result.result()).rejects.toBe(last?.type === 'error' ? last.error : undefined);
    // What arrived before the break is still there.
    expect(result.partialResponse?.message.content[0]).toMatchObject({ kind: 'text' });
  });

  it('retries a stream that fails before any data, then streams normally', async () => {
    server.enqueue({ error: { kind: 'rate_limit', retryAfterSeconds: 2 } }, chunked);
    const clock = instantSleep();
    const events = await collect(stream({ ...base(), prompt: 'Tell me', retry: { sleep: clock.sleep } }));
    expect(events.filter((e) => e.type === 'stream_start')).toHaveLength(1);
    expect(events.flatMap((e) => (e.type === 'text_delta' ? [e.delta] : [])).join('')).toBe(TEXT);
    expect(clock.delays).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('stream failures and aborts', () => {
  it('throws from the iteration when the request fails before any event (retries spent)', async () => {
    server.enqueue({ error: { kind: 'rate_limit' } }, { error: { kind: 'rate_limit' } });
    const clock = instantSleep();
    const result = stream({
      client,
      model: 'gpt-5.4',
      provider: 'openai',
      prompt: 'hi',
      maxRetries: 1,
      retry: { sleep: clock.sleep, jitter: false },
    });
    expect(await caught(collect(result))).toBeInstanceOf(RateLimitError);
    expect(clock.delays).toEqual([1000]);
    await expect(result.result()).rejects.toBeInstanceOf(RateLimitError);
  });

  it('retries a connection that opens and breaks before any content (stream_start is held back)', async () => {
    server.enqueue({ ...chunked, faults: { cut: { afterFrames: 1, mode: 'reset' } } }, chunked);
    const clock = instantSleep();
    const events = await collect(
      stream({
        client,
        model: 'claude-sonnet-5-5',
        provider: 'anthropic',
        prompt: 'hi',
        retry: { sleep: clock.sleep },
      }),
    );
    expect(events.at(-1)?.type).toBe('step_finish');
    expect(server.requests).toHaveLength(2);
    expect(clock.delays).toHaveLength(1);
  });

  it('U4.9 aborting a stream mid-way throws AbortError from the iteration and closes the connection', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'x'.repeat(400), chunks: 4 }],
      faults: { frameDelayMs: 20 },
    });
    const controller = new AbortController();
    const result = stream({
      client,
      model: 'gemini-3-flash-preview',
      provider: 'gemini',
      prompt: 'hi',
      signal: controller.signal,
    });
    let deltas = 0;
    const error = await caught(
      (async () => {
        for await (const event of result) {
          if (event.type === 'text_delta' && ++deltas === 3) controller.abort();
        }
      })(),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(deltas).toBeLessThan(10);
    await expect(result.result()).rejects.toBeInstanceOf(AbortError);
  });

  it('a stream that ends without its terminal event fails with StreamError (as an error event after data)', async () => {
    server.enqueue({ ...chunked, faults: { cut: { afterFrames: 5, mode: 'end' } } });
    const events = await collect(
      stream({ client, model: 'gpt-5.4', provider: 'openai', prompt: 'hi', maxRetries: 0 }),
    );
    const last = events.at(-1);
    expect(last?.type === 'error' && last.error).toBeInstanceOf(StreamError);
  });

  it('U4.10 a step stalled past perStepMs ends in RequestTimeoutError (an error event once data flowed)', async () => {
    server.enqueue(chunked, { ...chunked, faults: { stall: { afterFrames: 6, ms: 5_000 } } });
    await stream({ client, model: 'claude-sonnet-5-5', provider: 'anthropic', prompt: 'warm up' }).result();
    const events = await collect(
      stream({
        client,
        model: 'claude-sonnet-5-5',
        provider: 'anthropic',
        prompt: 'hi',
        timeout: { perStepMs: 400 },
      }),
    );
    const last = events.at(-1);
    expect(last?.type === 'error' && last.error).toBeInstanceOf(RequestTimeoutError);
    expect(events.some((e) => e.type === 'text_delta')).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('U4.10 the total timeout ends a stalled stream too', async () => {
    // Load the SDK first, so the deadline is spent on the stream and not on importing it.
    server.enqueue(chunked);
    await stream({ client, model: 'gpt-5.4', provider: 'openai', prompt: 'warm up' }).result();
    server.enqueue({ ...chunked, faults: { stall: { afterFrames: 6, ms: 5_000 } } });
    const result = stream({
      client,
      model: 'gpt-5.4',
      provider: 'openai',
      prompt: 'hi',
      timeout: { totalMs: 400 },
    });
    const events = await collect(result);
    const last = events.at(-1);
    expect(last?.type === 'error' && last.error).toBeInstanceOf(RequestTimeoutError);
    await expect(result.result()).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it('breaking out of the loop cancels the stream', async () => {
    server.enqueue({
      content: [{ type: 'text', text: 'y'.repeat(2000), chunks: 2 }],
      faults: { frameDelayMs: 5 },
    });
    const result = stream({ client, model: 'gpt-5.4', provider: 'openai', prompt: 'hi' });
    for await (const event of result) if (event.type === 'text_delta') break;
    await expect(result.result()).rejects.toBeInstanceOf(AbortError);
  });
});
