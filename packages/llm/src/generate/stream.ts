import { abortReason } from '../retry/sleep.js';
import { StreamAccumulator } from '../stream/stream-accumulator.js';
import type { Message } from '../types/content.js';
import { callSignal } from './call-signal.js';
import { type GenerateOptions, initialMessages } from './generate-options.js';
import type { GenerateStreamEvent } from './generate-stream-event.js';
import type { GenerateResult } from './step-result.js';
import { StreamResult, type StreamRunState } from './stream-result.js';
import { FailedAfterData, streamStep } from './stream-step.js';
import { ToolLoop } from './tool-loop.js';

/**
 * Streams a generation with the same tool loop as `generate`: each step's events as they arrive,
 * a `step_finish` after each step, then the next step once the tools have run. Returns at once;
 * see StreamResult. Each step's request is retried only until its first event reaches the
 * consumer; a failure after that arrives as an `error` event and ends the stream (a failure
 * before any event is thrown from the iteration). An abort is always thrown as AbortError.
 */
export function stream(options: GenerateOptions): StreamResult {
  const conversation = initialMessages(options);
  return new StreamResult((emit, state, cancel) => runStream(options, conversation, emit, state, cancel));
}

async function runStream(
  options: GenerateOptions,
  conversation: Message[],
  emit: (event: GenerateStreamEvent) => void,
  state: StreamRunState,
  cancel: AbortSignal,
): Promise<GenerateResult> {
  const run = callSignal([options.signal, cancel], options.timeout?.totalMs, 'The stream call');
  try {
    return await toolLoop(options, conversation, emit, state, run.signal);
  } catch (error) {
    // After data, a timeout is reported like any failure (an error event); before, it is thrown.
    if (run.signal.aborted && !(error instanceof FailedAfterData)) throw abortReason(run.signal);
    throw error;
  } finally {
    run.dispose();
  }
}

async function toolLoop(
  options: GenerateOptions,
  conversation: Message[],
  emit: (event: GenerateStreamEvent) => void,
  state: StreamRunState,
  signal: AbortSignal,
): Promise<GenerateResult> {
  const loop = new ToolLoop(options, conversation, signal, state.steps);
  for (;;) {
    const accumulator = new StreamAccumulator();
    state.accumulator = accumulator;
    await streamStep(options, loop.nextRequest(), signal, accumulator, emit);
    const { step, done } = await loop.afterStep(accumulator.response());
    emit({ type: 'step_finish', step, stepIndex: loop.steps.length - 1 });
    if (done) return loop.result();
  }
}
