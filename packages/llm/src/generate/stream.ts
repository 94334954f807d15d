import { abortReason } from '../retry/sleep.js';
import { StreamAccumulator } from '../stream/stream-accumulator.js';
import { Message } from '../types/content.js';
import { callSignal } from './call-signal.js';
import { executeToolCalls, isPassive } from './execute-tool-calls.js';
import { type GenerateOptions, initialMessages, stepRequest, toolsByName } from './generate-options.js';
import type { GenerateStreamEvent } from './generate-stream-event.js';
import { type GenerateResult, resultFrom, type StepResult, stepFrom, toolMessages } from './step-result.js';
import { StreamResult, type StreamRunState } from './stream-result.js';
import { streamStep } from './stream-step.js';

/**
 * Streams a generation with the same tool loop as `generate`: each step's events as they arrive,
 * a `step_finish` after each step, then the next step once the tools have run. Returns at once;
 * see StreamResult. Each step's request is retried only until its first event reaches the
 * consumer; a failure after that arrives as an `error` event and ends the stream (a failure
 * before any event is thrown from the iteration). An abort is always thrown as AbortError.
 */
export function stream(options: GenerateOptions): StreamResult {
  const conversation = initialMessages(options);
  return new StreamResult((state, cancel) => runStream(options, conversation, state, cancel));
}

async function* runStream(
  options: GenerateOptions,
  conversation: Message[],
  state: StreamRunState,
  cancel: AbortSignal,
): AsyncGenerator<GenerateStreamEvent, GenerateResult> {
  const run = callSignal([options.signal, cancel], options.timeout?.totalMs, 'The stream call');
  try {
    return yield* toolLoop(options, conversation, state, run.signal);
  } catch (error) {
    if (run.signal.aborted) throw abortReason(run.signal);
    throw error;
  } finally {
    run.dispose();
  }
}

async function* toolLoop(
  options: GenerateOptions,
  conversation: Message[],
  state: StreamRunState,
  signal: AbortSignal,
): AsyncGenerator<GenerateStreamEvent, GenerateResult> {
  const tools = toolsByName(options);
  const maxToolRounds = options.maxToolRounds ?? 1;
  const steps: StepResult[] = state.steps;
  const added: Message[] = [];
  for (let round = 0; ; round++) {
    const accumulator = new StreamAccumulator();
    state.accumulator = accumulator;
    yield* streamStep(options, stepRequest(options, conversation), signal, accumulator);
    const response = accumulator.response();
    conversation.push(response.message);
    added.push(response.message);
    const calls = Message.toolCalls(response.message);
    const runTools =
      calls.length > 0 && response.finishReason.reason === 'tool_calls' && round < maxToolRounds;
    if (!runTools) {
      const step = stepFrom(response, []);
      steps.push(step);
      yield { type: 'step_finish', step, stepIndex: steps.length - 1 };
      return resultFrom(steps, added);
    }
    const results = await executeToolCalls(calls, tools, conversation, signal);
    if (signal.aborted) throw abortReason(signal);
    const answers = toolMessages(results);
    conversation.push(...answers);
    added.push(...answers);
    const step = stepFrom(response, results);
    steps.push(step);
    yield { type: 'step_finish', step, stepIndex: steps.length - 1 };
    if (calls.some((call) => isPassive(call, tools)) || options.stopWhen?.(steps))
      return resultFrom(steps, added);
  }
}
