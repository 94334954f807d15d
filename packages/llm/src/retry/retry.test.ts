import { describe, expect, it } from 'vitest';
import { AbortError, AuthenticationError, RateLimitError, ServerError } from '../errors/sdk-error.js';
import { retry } from './retry.js';
import { sleep } from './sleep.js';

/** A sleep that records the delays asked for and returns at once. */
function fakeSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

/** A function that fails with the given errors in turn, then succeeds. */
function failing(...errors: Error[]) {
  const calls: number[] = [];
  return {
    calls,
    fn: async (attempt: number) => {
      calls.push(attempt);
      const error = errors[attempt];
      if (error) throw error;
      return 'ok';
    },
  };
}

const server = () => new ServerError('500', { provider: 'anthropic' });

describe('retry', () => {
  it('U8.3 retries with growing, jittered delays and returns the eventual result', async () => {
    const clock = fakeSleep();
    const target = failing(server(), server());
    const random = [0.1, 0.9];
    const result = await retry(target.fn, { sleep: clock.sleep, random: () => random.shift() ?? 0.5 });
    expect(result).toBe('ok');
    expect(target.calls).toEqual([0, 1, 2]);
    expect(clock.delays).toEqual([600, 2800]);
  });

  it('throws the last error unchanged once retries run out', async () => {
    const clock = fakeSleep();
    const last = server();
    const target = failing(server(), server(), last);
    await expect(retry(target.fn, { sleep: clock.sleep })).rejects.toBe(last);
    expect(target.calls).toEqual([0, 1, 2]);
  });

  it('U8.7 throws a 401 at once', async () => {
    const clock = fakeSleep();
    const target = failing(new AuthenticationError('401', { provider: 'openai' }));
    await expect(retry(target.fn, { sleep: clock.sleep })).rejects.toBeInstanceOf(AuthenticationError);
    expect(target.calls).toEqual([0]);
    expect(clock.delays).toEqual([]);
  });

  it('U8.4 waits exactly Retry-After when the provider sends one within the cap', async () => {
    const clock = fakeSleep();
    const target = failing(new RateLimitError('429', { provider: 'openai', retryAfter: 3 }));
    await retry(target.fn, { sleep: clock.sleep });
    expect(clock.delays).toEqual([3000]);
  });

  it('raises at once with retryAfter set when Retry-After exceeds the cap', async () => {
    const target = failing(new RateLimitError('429', { provider: 'openai', retryAfter: 90 }));
    const error = await retry(target.fn, { sleep: fakeSleep().sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(90);
    expect(target.calls).toEqual([0]);
  });

  it('reports each retry to onRetry before waiting', async () => {
    const seen: [string, number, number][] = [];
    const target = failing(server());
    await retry(target.fn, {
      sleep: fakeSleep().sleep,
      jitter: false,
      onRetry: (error, attempt, delay) => seen.push([(error as Error).name, attempt, delay]),
    });
    expect(seen).toEqual([['ServerError', 0, 1000]]);
  });

  it('stops waiting and rejects with AbortError when the signal aborts', async () => {
    const controller = new AbortController();
    const target = failing(server());
    const pending = retry(target.fn, {
      signal: controller.signal,
      baseDelayMs: 60_000,
      jitter: false,
      sleep,
    });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(target.calls).toEqual([0]);
  });
});
