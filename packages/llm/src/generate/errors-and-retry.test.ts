import { type ErrorKind, type FakeModelServer, match } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../client/client.js';
import {
  AccessDeniedError,
  AuthenticationError,
  ContextLengthError,
  InvalidRequestError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  type SDKError,
  ServerError,
} from '../errors/sdk-error.js';
import { ALL, caught, instantSleep, NATIVE, startProviders } from '../parity/providers.test-support.js';
import { generate } from './generate.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

/** The class and retryable flag each scripted fault must end in, on every provider. */
const FAULTS: [ErrorKind, new (...args: never[]) => SDKError, boolean][] = [
  ['invalid_request', InvalidRequestError, false],
  ['authentication', AuthenticationError, false],
  ['permission', AccessDeniedError, false],
  ['not_found', NotFoundError, false],
  ['context_overflow', ContextLengthError, false],
  ['rate_limit', RateLimitError, true],
  ['quota', QuotaExceededError, false],
  ['server', ServerError, true],
  ['unavailable', ServerError, true],
];

describe.each(ALL.map((p) => [p.id, p] as const))('errors and retries on %s', (_id, provider) => {
  const base = () => ({ client, model: provider.model, provider: provider.name, prompt: 'hi' });

  for (const [kind, ErrorClass, retryable] of FAULTS) {
    it(`U8.1 + U8.2 ${kind} → ${ErrorClass.name} (retryable: ${retryable})`, async () => {
      server.enqueue({ error: { kind } });
      const error = await caught(generate({ ...base(), maxRetries: 0 }));
      expect(error).toBeInstanceOf(ErrorClass);
      expect((error as SDKError).retryable).toBe(retryable);
      expect((error as { provider?: string }).provider).toBe(provider.name);
    });
  }

  it('U8.3 retries 5xx with exponential, jittered backoff and then succeeds', async () => {
    server.enqueue(
      { error: { kind: 'server' } },
      { error: { kind: 'server' } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const clock = instantSleep();
    const draws = [0.25, 0.75];
    const result = await generate({
      ...base(),
      retry: { sleep: clock.sleep, random: () => draws.shift() ?? 0.5 },
    });
    expect(result.text).toBe('ok');
    expect(clock.delays).toEqual([750, 2500]);
    expect(server.requests).toHaveLength(3);
  });

  it('U8.4 + U8.6 a 429 is retried transparently after the Retry-After the provider sent', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterSeconds: 7 } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const clock = instantSleep();
    const result = await generate({ ...base(), retry: { sleep: clock.sleep } });
    expect(result.text).toBe('ok');
    expect(clock.delays).toEqual([7000]);
  });

  it('a Retry-After above the cap is not waited for: the RateLimitError is raised at once with retryAfter', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterSeconds: 120 } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const clock = instantSleep();
    const error = await caught(generate({ ...base(), retry: { sleep: clock.sleep } }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(120);
    expect(clock.delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('U8.5 maxRetries 0 sends one request', async () => {
    server.enqueue({ error: { kind: 'server' } }, { content: [{ type: 'text', text: 'ok' }] });
    await expect(generate({ ...base(), maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
  });

  for (const kind of ['authentication', 'permission', 'not_found'] as const) {
    it(`U8.7 ${kind} is raised immediately, never retried`, async () => {
      server.enqueue({ error: { kind } }, { content: [{ type: 'text', text: 'ok' }] });
      const clock = instantSleep();
      await expect(generate({ ...base(), retry: { sleep: clock.sleep } })).rejects.toThrow();
      expect(server.requests).toHaveLength(1);
      expect(clock.delays).toEqual([]);
    });
  }

  it('U8.8 retries apply per step: a failing second step is retried without re-running the first', async () => {
    server
      .when(match.afterToolResult(), { error: { kind: 'server' } }, { times: 1 })
      .when(match.afterToolResult(), { content: [{ type: 'text', text: 'done' }] })
      .enqueue({ content: [{ type: 'tool_call', name: 'ping', arguments: {}, thoughtSignature: 'sig-p' }] });
    let pings = 0;
    const ping = {
      name: 'ping',
      description: 'Ping.',
      parameters: { type: 'object' },
      execute: () => `pong ${++pings}`,
    };
    const clock = instantSleep();
    const result = await generate({ ...base(), tools: [ping], retry: { sleep: clock.sleep } });
    expect(result.text).toBe('done');
    expect(pings).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => r.view.messages.at(-1)?.toolResults.length ?? 0)).toEqual([0, 1, 1]);
    expect(clock.delays).toHaveLength(1);
  });
});

describe('provider-specific faults', () => {
  it('Anthropic 529 overloaded is a retryable ServerError', async () => {
    server.enqueue({ error: { kind: 'overloaded' } }, { content: [{ type: 'text', text: 'ok' }] });
    const clock = instantSleep();
    const result = await generate({
      client,
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      prompt: 'hi',
      retry: { sleep: clock.sleep },
    });
    expect(result.text).toBe('ok');
    expect(clock.delays).toHaveLength(1);
  });

  it('Gemini’s RetryInfo.retryDelay in the body is honoured like Retry-After', async () => {
    server.enqueue(
      { error: { kind: 'rate_limit', retryAfterSeconds: 3 } },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const clock = instantSleep();
    await generate({
      client,
      model: 'gemini-3-flash-preview',
      provider: 'gemini',
      prompt: 'hi',
      retry: { sleep: clock.sleep },
    });
    expect(clock.delays).toEqual([3000]);
  });

  it.each(NATIVE.map((p) => [p.id, p] as const))(
    'a bad key on %s is an AuthenticationError, never retried',
    async (_id, provider) => {
      const guarded = await startProviders({ server: { apiKey: 'right' } });
      try {
        const wrong = new Client({ providers: [provider.adapter(guarded.server, 'wrong')] });
        const error = await caught(
          generate({
            client: wrong,
            model: provider.model,
            prompt: 'hi',
            retry: { sleep: instantSleep().sleep },
          }),
        );
        expect(error).toBeInstanceOf(AuthenticationError);
        expect(guarded.server.requests).toHaveLength(1);
      } finally {
        await guarded.server.close();
      }
    },
  );
});
