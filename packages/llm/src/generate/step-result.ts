import { Message, type ToolCallData, type ToolResultData } from '../types/content.js';
import type { FinishReason, Response, Warning } from '../types/response.js';
import { addUsage, EMPTY_USAGE, type Usage } from '../types/usage.js';

/** One model call of a generate / stream run, with the tools it triggered. */
export interface StepResult {
  text: string;
  reasoning: string;
  toolCalls: ToolCallData[];
  /** Results of the calls this step executed, in call order (none for passive or unexecuted calls). */
  toolResults: ToolResultData[];
  finishReason: FinishReason;
  usage: Usage;
  response: Response;
  warnings: Warning[];
}

/** What `generate` returns: the final step's fields, every step, and the summed usage. */
export interface GenerateResult<Output = unknown> {
  text: string;
  reasoning: string;
  toolCalls: ToolCallData[];
  toolResults: ToolResultData[];
  finishReason: FinishReason;
  /** The final step's usage. */
  usage: Usage;
  /** All steps' usage summed. */
  totalUsage: Usage;
  steps: StepResult[];
  /** The final step's response. */
  response: Response;
  /** The messages the run added to the conversation (assistant turns and tool results), to append to history. */
  responseMessages: Message[];
  /** generateObject's parsed and validated object. */
  output: Output | undefined;
}

export function stepFrom(response: Response, toolResults: ToolResultData[]): StepResult {
  return {
    text: Message.text(response.message),
    reasoning: Message.reasoning(response.message),
    toolCalls: Message.toolCalls(response.message),
    toolResults,
    finishReason: response.finishReason,
    usage: response.usage,
    response,
    warnings: response.warnings,
  };
}

export function resultFrom<Output>(
  steps: readonly StepResult[],
  responseMessages: Message[],
  output?: Output,
): GenerateResult<Output> {
  const last = steps.at(-1);
  if (!last) throw new Error('a generate run has at least one step');
  return {
    text: last.text,
    reasoning: last.reasoning,
    toolCalls: last.toolCalls,
    toolResults: last.toolResults,
    finishReason: last.finishReason,
    usage: last.usage,
    totalUsage: steps.reduce((sum, step) => addUsage(sum, step.usage), EMPTY_USAGE),
    steps: [...steps],
    response: last.response,
    responseMessages,
    output,
  };
}

/** The tool messages a step adds to the conversation: one per result, in call order. */
export function toolMessages(results: readonly ToolResultData[]): Message[] {
  return results.map((result) => ({
    role: 'tool',
    toolCallId: result.toolCallId,
    content: [{ kind: 'tool_result', toolResult: result }],
  }));
}
