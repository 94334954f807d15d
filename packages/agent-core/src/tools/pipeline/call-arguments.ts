import type { ToolCallData } from '@weft/llm';

/**
 * The arguments a call gives its tool, before validation. A freeform (custom) call carries raw
 * text, which a freeform tool takes as `{ input }`: the same shape a function call to the tool's
 * JSON form has, so validation, hooks and `execute` see one shape whichever way the model called.
 */
export function callArguments(call: ToolCallData): unknown {
  return call.type === 'custom' && typeof call.arguments === 'string'
    ? { input: call.arguments }
    : call.arguments;
}
