import { functionArguments } from '../adapters/shared/custom-tools.js';
import type { Message, ToolCallData, ToolResultData } from '../types/content.js';
import type { Tool } from './tool.js';
import { validateJsonSchema } from './validate-json-schema.js';

/**
 * Runs a step's tool calls concurrently and returns one result per call, in call order, once all
 * are done. Nothing here throws: an unknown tool, arguments that do not parse or validate, and an
 * exception from `execute` each become an error result the model can read and correct. Calls to
 * passive tools (no `execute`) get no result; the caller answers those.
 */
export async function executeToolCalls(
  calls: readonly ToolCallData[],
  tools: ReadonlyMap<string, Tool>,
  messages: readonly Message[],
  signal: AbortSignal,
): Promise<ToolResultData[]> {
  const runnable = calls.filter((call) => !isPassive(call, tools));
  return Promise.all(runnable.map((call) => executeOne(call, tools.get(call.name), messages, signal)));
}

/** A call to a known tool with no `execute`: the caller's to answer. */
export function isPassive(call: ToolCallData, tools: ReadonlyMap<string, Tool>): boolean {
  const tool = tools.get(call.name);
  return tool !== undefined && tool.execute === undefined;
}

async function executeOne(
  call: ToolCallData,
  tool: Tool | undefined,
  messages: readonly Message[],
  signal: AbortSignal,
): Promise<ToolResultData> {
  const result = (content: ToolResultData['content'], isError: boolean): ToolResultData => ({
    toolCallId: call.id,
    toolName: call.name,
    content,
    isError,
  });
  if (!tool?.execute) return result(`Unknown tool: ${call.name}`, true);
  // A custom call's raw text is its tool's `{ input }`.
  const args = functionArguments(call);
  if (typeof args === 'string') {
    return result(
      `Invalid arguments for tool ${call.name}: not a JSON object (${truncate(args)}). Call it again with a JSON object.`,
      true,
    );
  }
  const problems = validateJsonSchema(args, tool.parameters);
  if (problems.length > 0) {
    return result(
      `Invalid arguments for tool ${call.name}:\n${problems.map((p) => `- ${p}`).join('\n')}`,
      true,
    );
  }
  try {
    const output = await tool.execute(args, { toolCallId: call.id, messages, signal });
    return result(toResultContent(output), false);
  } catch (error) {
    return result(error instanceof Error ? error.message || error.name : String(error), true);
  }
}

/** Text stays text; objects and arrays stay JSON values; anything else becomes its JSON text. */
function toResultContent(output: unknown): ToolResultData['content'] {
  if (typeof output === 'string') return output;
  if (output === undefined) return '';
  if (output !== null && typeof output === 'object') return output as Record<string, unknown> | unknown[];
  return JSON.stringify(output);
}

function truncate(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
