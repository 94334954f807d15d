import type { ToolCallData } from '@weft/llm';
import { errorResult, type ToolResult } from '../tool.js';
import { SKIPPED_FOR_ABORT, SKIPPED_FOR_STEERING } from './pipeline-messages.js';
import { finishToolCall, runToolCall } from './run-tool-call.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';
import type { ToolPipelineContext } from './tool-pipeline-context.js';

export interface ToolRoundOptions {
  /** Run the calls concurrently (the profile allows parallel tool calls). */
  parallel: boolean;
  /** Aborted when the session is aborted. */
  sessionSignal: AbortSignal;
  /** Aborted when a steering message interrupts the round; running calls see it too. */
  interruptSignal?: AbortSignal;
  /** True when a steering message is queued. */
  steeringPending: () => boolean;
  /** A result to answer a call with instead of running it (a call the output limit cut in half). */
  answer?: (call: ToolCallData) => ToolResult | undefined;
}

/**
 * Runs one response's tool calls and returns their outcomes in call order, whatever order they
 * finish in (so each result answers the call it belongs to). Before each call starts, a queued
 * steering message or an abort leaves it and every later call unrun, answered with
 * "Skipped due to queued user message" (pi's rule) or the abort note. Concurrent calls all start
 * at once, so only an abort or interrupt reaches them once running, through their signal.
 */
export async function runToolRound(
  calls: readonly ToolCallData[],
  context: ToolPipelineContext,
  options: ToolRoundOptions,
): Promise<ToolCallOutcome[]> {
  const signal = options.interruptSignal
    ? AbortSignal.any([options.sessionSignal, options.interruptSignal])
    : options.sessionSignal;
  const skipReason = (): 'steering' | 'aborted' | undefined => {
    if (options.sessionSignal.aborted) return 'aborted';
    if (options.interruptSignal?.aborted || options.steeringPending()) return 'steering';
    return undefined;
  };
  const skip = (call: ToolCallData, reason: 'steering' | 'aborted'): ToolCallOutcome => {
    const started = performance.now();
    context.emit('tool_call_start', { toolCallId: call.id, toolName: call.name, arguments: call.arguments });
    const text = reason === 'steering' ? SKIPPED_FOR_STEERING : SKIPPED_FOR_ABORT;
    return finishToolCall(call, errorResult(text), context, started, { skipped: reason });
  };

  const run = (call: ToolCallData): Promise<ToolCallOutcome> | ToolCallOutcome => {
    const answer = options.answer?.(call);
    if (answer === undefined) return runToolCall(call, context, signal);
    const started = performance.now();
    context.emit('tool_call_start', { toolCallId: call.id, toolName: call.name, arguments: call.arguments });
    return finishToolCall(call, answer, context, started);
  };

  if (options.parallel) {
    const reason = skipReason();
    if (reason) return calls.map((call) => skip(call, reason));
    return Promise.all(calls.map(run));
  }
  const outcomes: ToolCallOutcome[] = [];
  for (const call of calls) {
    const reason = skipReason();
    outcomes.push(reason ? skip(call, reason) : await run(call));
  }
  return outcomes;
}
