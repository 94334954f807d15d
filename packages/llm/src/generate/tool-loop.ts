import { abortReason } from '../retry/sleep.js';
import { Message } from '../types/content.js';
import type { Request } from '../types/request.js';
import type { Response } from '../types/response.js';
import { executeToolCalls, isPassive } from './execute-tool-calls.js';
import { type GenerateOptions, stepRequest, toolsByName } from './generate-options.js';
import { type GenerateResult, resultFrom, type StepResult, stepFrom, toolMessages } from './step-result.js';
import type { Tool } from './tool.js';

/**
 * The tool loop's bookkeeping, shared by `generate` and `stream` (which differ only in how a
 * step's response is obtained). After each response: when the model called tools (finish reason
 * `tool_calls`) and rounds remain, every active call runs concurrently, all results join the
 * conversation in call order, and the loop goes on; it ends on a response without tool calls, when
 * `maxToolRounds` is spent (at most `maxToolRounds + 1` model calls), when a passive tool was
 * called (its calls go back to the caller; active calls of that step still run), or when
 * `stopWhen` says so.
 */
export class ToolLoop {
  private readonly tools: ReadonlyMap<string, Tool>;
  private readonly maxToolRounds: number;
  private readonly added: Message[] = [];
  private round = 0;

  constructor(
    private readonly options: GenerateOptions,
    private readonly conversation: Message[],
    private readonly signal: AbortSignal,
    /** Filled as steps finish (a stream exposes it while running). */
    readonly steps: StepResult[] = [],
  ) {
    this.tools = toolsByName(options);
    this.maxToolRounds = options.maxToolRounds ?? 1;
  }

  /** The request for the next step: the conversation so far. */
  nextRequest(): Request {
    return stepRequest(this.options, this.conversation);
  }

  /** Records a step's response, runs its tools if the loop goes on; `done` ends the loop. */
  async afterStep(response: Response): Promise<{ step: StepResult; done: boolean }> {
    const round = this.round++;
    this.append([response.message]);
    const calls = Message.toolCalls(response.message);
    const runTools =
      calls.length > 0 && response.finishReason.reason === 'tool_calls' && round < this.maxToolRounds;
    if (!runTools) return { step: this.record(stepFrom(response, [])), done: true };
    // A tool that ignores its signal must not hold up an abort or a timeout: stop waiting for it.
    const results = await untilAborted(
      executeToolCalls(calls, this.tools, this.conversation, this.signal),
      this.signal,
    );
    this.append(toolMessages(results));
    const step = this.record(stepFrom(response, results));
    const passive = calls.some((call) => isPassive(call, this.tools));
    return { step, done: passive || this.options.stopWhen?.(this.steps) === true };
  }

  result(): GenerateResult {
    return resultFrom(this.steps, this.added);
  }

  private append(messages: Message[]): void {
    this.conversation.push(...messages);
    this.added.push(...messages);
  }

  private record(step: StepResult): StepResult {
    this.steps.push(step);
    return step;
  }
}

/** `work`'s result, or the abort's error as soon as `signal` fires (`work` is then left to finish alone). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
