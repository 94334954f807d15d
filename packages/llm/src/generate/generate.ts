import { abortReason } from '../retry/sleep.js';
import { Message } from '../types/content.js';
import { callSignal } from './call-signal.js';
import { executeToolCalls, isPassive } from './execute-tool-calls.js';
import { type GenerateOptions, initialMessages, stepRequest, toolsByName } from './generate-options.js';
import { runStep } from './run-step.js';
import { type GenerateResult, resultFrom, type StepResult, stepFrom, toolMessages } from './step-result.js';

/**
 * Generates a response, running the tool loop: while the model calls tools (finish reason
 * `tool_calls`) and rounds remain, every active tool call of the step runs concurrently, all
 * results go back in one continuation in call order, and the model is called again. At most
 * `maxToolRounds + 1` model calls. The loop also ends when a step calls a passive tool (its calls
 * come back to the caller; active calls of that step are still executed), or when `stopWhen`
 * says so. Each step is retried on its own.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const conversation = initialMessages(options);
  const run = callSignal([options.signal], options.timeout?.totalMs, 'The generate call');
  try {
    return await toolLoop(options, conversation, run.signal);
  } catch (error) {
    if (run.signal.aborted) throw abortReason(run.signal);
    throw error;
  } finally {
    run.dispose();
  }
}

async function toolLoop(
  options: GenerateOptions,
  conversation: Message[],
  signal: AbortSignal,
): Promise<GenerateResult> {
  const tools = toolsByName(options);
  const maxToolRounds = options.maxToolRounds ?? 1;
  const steps: StepResult[] = [];
  const added: Message[] = [];
  for (let round = 0; ; round++) {
    const response = await runStep(options, stepRequest(options, conversation), signal);
    conversation.push(response.message);
    added.push(response.message);
    const calls = Message.toolCalls(response.message);
    const runTools =
      calls.length > 0 && response.finishReason.reason === 'tool_calls' && round < maxToolRounds;
    if (!runTools) {
      steps.push(stepFrom(response, []));
      return resultFrom(steps, added);
    }
    const results = await executeToolCalls(calls, tools, conversation, signal);
    if (signal.aborted) throw abortReason(signal);
    const answers = toolMessages(results);
    conversation.push(...answers);
    added.push(...answers);
    steps.push(stepFrom(response, results));
    const passive = calls.some((call) => isPassive(call, tools));
    if (passive || options.stopWhen?.(steps)) return resultFrom(steps, added);
  }
}
