import { FakeModelServer, type ScriptedTurn } from '@weft/testkit';
import { describe, expect, test } from 'vitest';
import { TOOL_NAMES } from './coding-task.test-support.js';
import {
  connect,
  createSandbox,
  pricedModel,
  runWeft,
  type Sandbox,
  TEST_MODELS,
  TEST_PROVIDERS,
  type TestProvider,
} from './weft-process.test-support.js';

/** A model that never stops calling tools: each response runs a command and wants another round. */
function endlessToolCalls(provider: TestProvider, inputTokens: number): ScriptedTurn {
  return {
    content: [
      { type: 'tool_call', name: TOOL_NAMES[provider].run, arguments: { command: 'echo still working' } },
    ],
    usage: { input: inputTokens, output: 0 },
  };
}

async function world(provider: TestProvider, turn: ScriptedTurn) {
  const sandbox: Sandbox = createSandbox();
  const server = await FakeModelServer.start({ turns: [turn], loop: true });
  const model = connect(sandbox, provider, server);
  return {
    sandbox,
    server,
    model,
    run: (args: string[]) =>
      runWeft(['-p', 'Keep going.', '--model', model, ...args], { env: sandbox.env, cwd: sandbox.project }),
    async close() {
      await server.close();
      sandbox.remove();
    },
  };
}

describe.concurrent.each(TEST_PROVIDERS)('budgets stop the run cleanly (%s)', (provider) => {
  test('--max-turns N: N model calls, stop reason max_turns, exit code 3', async () => {
    const w = await world(provider, endlessToolCalls(provider, 10));
    try {
      const run = await w.run(['--max-turns', '2', '--output', 'json']);
      expect(run.code).toBe(3);
      expect(w.server.requests).toHaveLength(2);
      expect(run.lines()[0]).toMatchObject({ stopReason: 'max_turns', isError: true, exitCode: 3, turns: 2 });
    } finally {
      await w.close();
    }
  });

  test('--max-cost-usd: no model call once the spend reaches the budget, stop reason budget, exit code 3', async () => {
    // 100 000 input tokens at $3 per million: $0.30 a call. After two calls ($0.60) a $0.50 budget is spent.
    const w = await world(provider, endlessToolCalls(provider, 100_000));
    const priced = provider === 'compatible' ? 'local' : provider;
    w.sandbox.projectSettings({ models: [pricedModel(TEST_MODELS[provider], priced)] });
    try {
      const run = await w.run(['--max-cost-usd', '0.5']);
      expect(run.code).toBe(3);
      expect(w.server.requests).toHaveLength(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        'weft: stopped (budget): The cost budget of $0.5 is spent ($0.6000 so far); no further model calls are made.\n',
      );
    } finally {
      await w.close();
    }
  });
});

describe.concurrent('budget configuration', () => {
  test('the budgets can come from the settings, and the result reports the spend per model', async () => {
    const w = await world('anthropic', endlessToolCalls('anthropic', 100_000));
    w.sandbox.userSettings({ maxCostUsd: 0.25, models: [pricedModel(TEST_MODELS.anthropic)] });
    try {
      const run = await w.run(['--output', 'json']);
      expect(run.code).toBe(3);
      expect(w.server.requests).toHaveLength(1);
      expect(run.lines()[0]).toMatchObject({
        stopReason: 'budget',
        costUsd: 0.3,
        models: [{ provider: 'anthropic', model: TEST_MODELS.anthropic, calls: 1, costUsd: 0.3 }],
        error: { code: 'BudgetExceededError' },
      });
    } finally {
      await w.close();
    }
  });

  test('--max-cost-usd with a model the catalog cannot price is refused before any call', async () => {
    const w = await world('anthropic', endlessToolCalls('anthropic', 10));
    try {
      const run = await w.run(['--max-cost-usd', '1']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`the catalog has none for "${TEST_MODELS.anthropic}"`);
      expect(w.server.requests).toHaveLength(0);
    } finally {
      await w.close();
    }
  });
});
