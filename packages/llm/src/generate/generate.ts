import { abortReason } from '../retry/sleep.js';
import type { Message } from '../types/content.js';
import { callSignal } from './call-signal.js';
import { type GenerateOptions, initialMessages } from './generate-options.js';
import { runStep } from './run-step.js';
import type { GenerateResult } from './step-result.js';
import { ToolLoop } from './tool-loop.js';

/**
 * Generates a response, running the tool loop (see ToolLoop): while the model calls tools and
 * rounds remain, the active calls run concurrently and all results go back in one continuation,
 * in call order. Each step is retried on its own; `timeout.totalMs` bounds the whole run and
 * `timeout.perStepMs` each model call.
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
  const loop = new ToolLoop(options, conversation, signal);
  for (;;) {
    const response = await runStep(options, loop.nextRequest(), signal);
    if ((await loop.afterStep(response)).done) return loop.result();
  }
}
