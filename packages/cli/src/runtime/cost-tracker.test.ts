import type { Middleware, Request, Response, StreamEvent } from '@weft/llm';
import { describe, expect, test } from 'vitest';
import { BudgetExceededError, CostTracker } from './cost-tracker.js';

const usage = (input: number, output: number) => ({
  inputTokens: input,
  outputTokens: output,
  totalTokens: input + output,
});
const request = (model: string): Request =>
  ({ model, provider: 'openai', messages: [] }) as unknown as Request;

/** Drives the tracker's stream middleware over a fake stream that finishes with `tokens`. */
async function streamThrough(
  middleware: Middleware,
  model: string,
  tokens: ReturnType<typeof usage>,
): Promise<void> {
  const finish = {
    type: 'finish',
    usage: tokens,
    response: { provider: 'openai' } as Response,
  } as StreamEvent;
  const next = () => ({
    async *[Symbol.asyncIterator]() {
      yield { type: 'stream_start', provider: 'openai', model } as StreamEvent;
      yield finish;
    },
  });
  for await (const _ of middleware.stream?.(request(model), next, {}) ?? []) {
    // Drained.
  }
}

describe('CostTracker', () => {
  test('counts calls and prices usage per provider and model from the catalog', async () => {
    const tracker = new CostTracker(undefined);
    const middleware = tracker.middleware();
    await streamThrough(middleware, 'gpt-4.1', usage(1_000_000, 0));
    await streamThrough(middleware, 'gpt-4.1', usage(0, 1_000_000));
    // gpt-4.1: $2 per million input, $8 per million output.
    expect(tracker.models).toEqual([
      { provider: 'openai', model: 'gpt-4.1', calls: 2, usage: usage(1_000_000, 1_000_000), costUsd: 10 },
    ]);
    expect(tracker.costUsd).toBe(10);
    await streamThrough(middleware, 'unpriced-model', usage(5, 5));
    expect(tracker.costUsd).toBeNull();
  });

  test('a checkpoint reports only what came after it', async () => {
    const tracker = new CostTracker(undefined);
    const middleware = tracker.middleware();
    await streamThrough(middleware, 'gpt-4.1', usage(1_000_000, 0));
    const checkpoint = tracker.checkpoint();
    await streamThrough(middleware, 'gpt-4.1', usage(500_000, 0));
    expect(checkpoint.report()).toMatchObject({
      costUsd: 1,
      usage: { inputTokens: 500_000 },
      models: [{ calls: 1 }],
    });
  });

  test('once the spend reaches the budget, the next call fails before it is sent', async () => {
    const tracker = new CostTracker(3);
    const middleware = tracker.middleware();
    await streamThrough(middleware, 'gpt-4.1', usage(1_000_000, 0));
    expect(tracker.budgetExceeded).toBe(false);
    await streamThrough(middleware, 'gpt-4.1', usage(1_000_000, 0));
    let sent = false;
    const attempt = middleware.stream?.(
      request('gpt-4.1'),
      () => {
        sent = true;
        return { async *[Symbol.asyncIterator]() {} };
      },
      {},
    );
    await expect(async () => {
      for await (const _ of attempt ?? []) {
        // Never reached.
      }
    }).rejects.toThrow(new BudgetExceededError(3, 4));
    expect(sent).toBe(false);
    expect(tracker.budgetExceeded).toBe(true);
  });
});
