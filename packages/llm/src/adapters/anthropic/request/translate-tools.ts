import type { Tool, ToolChoice as WireToolChoice } from '@anthropic-ai/sdk/resources/messages';
import { InvalidRequestError } from '../../../errors/sdk-error.js';
import type { ToolChoice, ToolDefinition } from '../../../types/request.js';

export interface WireTools {
  tools?: Tool[];
  tool_choice?: WireToolChoice;
}

/**
 * Tool definitions as `{name, description, input_schema}` and the tool choice as the API's
 * `{type: 'auto' | 'none' | 'any' | 'tool'}`. Mode 'none' keeps the tools and sends
 * `{type: 'none'}` rather than dropping them as the spec's table suggests: a history holding
 * `tool_use` blocks needs its tools defined, and unchanged tools keep the prompt cache warm.
 */
export function translateTools(
  tools: readonly ToolDefinition[] | undefined,
  choice: ToolChoice | undefined,
  provider: string,
): WireTools {
  if (tools === undefined || tools.length === 0) {
    if (choice?.mode === 'required' || choice?.mode === 'named') {
      throw new InvalidRequestError(`${provider}: tool choice '${choice.mode}' needs at least one tool.`, {
        provider,
        retryable: false,
      });
    }
    return {};
  }
  if (choice?.mode === 'named' && !tools.some((tool) => tool.name === choice.toolName)) {
    throw new InvalidRequestError(
      `${provider}: tool choice names '${choice.toolName}', which is not among the tools.`,
      {
        provider,
        retryable: false,
      },
    );
  }
  const wireTools: Tool[] = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: 'object', ...tool.parameters } as Tool.InputSchema,
  }));
  return choice === undefined ? { tools: wireTools } : { tools: wireTools, tool_choice: wireChoice(choice) };
}

function wireChoice(choice: ToolChoice): WireToolChoice {
  switch (choice.mode) {
    case 'auto':
      return { type: 'auto' };
    case 'none':
      return { type: 'none' };
    case 'required':
      return { type: 'any' };
    case 'named':
      return { type: 'tool', name: choice.toolName };
  }
}
