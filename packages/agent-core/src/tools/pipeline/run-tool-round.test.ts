import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineTool, errorResult, textResult } from '../tool.js';
import { pipelineContext } from './pipeline.test-support.js';
import { runToolRound } from './run-tool-round.js';

/** A tool whose calls finish in the order the test releases them. */
function releasable() {
  const releases = new Map<string, () => void>();
  const started: string[] = [];
  const tool = defineTool({
    name: 'step',
    description: 'Waits for its release.',
    parameters: Type.Object({ id: Type.String() }),
    async execute({ id }) {
      started.push(id);
      await new Promise<void>((resolve) => releases.set(id, resolve));
      return textResult(`result ${id}`);
    },
  });
  const release = async (id: string) => {
    while (!releases.has(id)) await new Promise((resolve) => setImmediate(resolve));
    releases.get(id)?.();
  };
  return { tool, started, release };
}

const calls = (...ids: string[]) => ids.map((id) => ({ id: `call_${id}`, name: 'step', arguments: { id } }));
const live = () => new AbortController().signal;

describe('runToolRound', () => {
  it('runs calls concurrently when parallel, and returns results in call order whatever order they finish in', async () => {
    const { tool, started, release } = releasable();
    const { context } = pipelineContext([tool]);
    const round = runToolRound(calls('a', 'b', 'c'), context, {
      parallel: true,
      sessionSignal: live(),
      steeringPending: () => false,
    });
    await release('c');
    await release('b');
    await release('a');
    const outcomes = await round;
    expect(new Set(started)).toEqual(new Set(['a', 'b', 'c']));
    expect(outcomes.map((o) => [o.record.toolCallId, o.modelText])).toEqual([
      ['call_a', 'result a'],
      ['call_b', 'result b'],
      ['call_c', 'result c'],
    ]);
  });

  it('runs calls one by one otherwise', async () => {
    const { tool, started, release } = releasable();
    const { context } = pipelineContext([tool]);
    const round = runToolRound(calls('a', 'b'), context, {
      parallel: false,
      sessionSignal: live(),
      steeringPending: () => false,
    });
    await release('a');
    expect(started).toEqual(['a']);
    await release('b');
    await round;
    expect(started).toEqual(['a', 'b']);
  });

  it('skips the calls not started once a steering message is queued, with pi’s exact text', async () => {
    const { tool, release } = releasable();
    const { context, events } = pipelineContext([tool]);
    let steering = false;
    const round = runToolRound(calls('a', 'b', 'c'), context, {
      parallel: false,
      sessionSignal: live(),
      steeringPending: () => steering,
    });
    steering = true;
    await release('a');
    const outcomes = await round;
    expect(outcomes.map((o) => [o.modelText, o.skipped])).toEqual([
      ['result a', undefined],
      ['Skipped due to queued user message', 'steering'],
      ['Skipped due to queued user message', 'steering'],
    ]);
    expect(outcomes[1]?.record.isError).toBe(true);
    expect(events.filter((event) => event.kind === 'tool_call_end')).toHaveLength(3);
  });

  it('answers every call without running it once the session is aborted', async () => {
    const { tool, started } = releasable();
    const { context } = pipelineContext([tool]);
    const controller = new AbortController();
    controller.abort();
    const outcomes = await runToolRound(calls('a', 'b'), context, {
      parallel: true,
      sessionSignal: controller.signal,
      steeringPending: () => false,
    });
    expect(started).toEqual([]);
    expect(outcomes.map((o) => o.skipped)).toEqual(['aborted', 'aborted']);
  });

  it('answers a call with a given result instead of running it', async () => {
    const { tool, started, release } = releasable();
    const { context } = pipelineContext([tool]);
    const round = runToolRound(calls('a', 'b'), context, {
      parallel: false,
      sessionSignal: live(),
      steeringPending: () => false,
      answer: (call) => (call.id === 'call_a' ? errorResult('cut off') : undefined),
    });
    await release('b');
    const outcomes = await round;
    expect(started).toEqual(['b']);
    expect(outcomes.map((o) => o.modelText)).toEqual(['cut off', 'result b']);
  });
});
