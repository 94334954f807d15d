import type { FunctionCallingConfigMode, Tool, ToolConfig } from '@google/genai';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import type { ToolChoice, ToolDefinition } from '../../types/request.js';
import { GEMINI } from './provider-name.js';

/** Tool definitions as one `functionDeclarations` tool, their JSON Schema sent as it is. */
export function toGeminiTools(tools: readonly ToolDefinition[]): Tool[] | undefined {
  if (tools.length === 0) return undefined;
  return [
    {
      functionDeclarations: tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        // `parametersJsonSchema` takes JSON Schema as written; `parameters` is an OpenAPI subset
        // the SDK would have to convert (and would lose keywords such as additionalProperties).
        parametersJsonSchema: tool.parameters,
      })),
    },
  ];
}

function calling(mode: `${FunctionCallingConfigMode}`, allowedFunctionNames?: string[]): ToolConfig {
  return {
    functionCallingConfig: {
      mode: mode as FunctionCallingConfigMode,
      ...(allowedFunctionNames ? { allowedFunctionNames } : {}),
    },
  };
}

/**
 * The spec's tool-choice table: auto → AUTO, none → NONE, required → ANY, named → ANY limited to
 * that function. No choice: no config (Gemini's default is AUTO). Forcing a call with no tools,
 * or naming a tool the request does not offer, is refused before any request is made.
 */
export function toGeminiToolConfig(
  choice: ToolChoice | undefined,
  tools: readonly ToolDefinition[],
): ToolConfig | undefined {
  if (choice === undefined) return undefined;
  if (tools.length === 0) {
    if (choice.mode === 'auto' || choice.mode === 'none') return undefined;
    throw new InvalidRequestError(`Tool choice '${choice.mode}' needs at least one tool in the request.`, {
      provider: GEMINI,
      retryable: false,
    });
  }
  switch (choice.mode) {
    case 'auto':
      return calling('AUTO');
    case 'none':
      return calling('NONE');
    case 'required':
      return calling('ANY');
    case 'named':
      if (!tools.some((tool) => tool.name === choice.toolName)) {
        throw new InvalidRequestError(
          `Tool choice names '${choice.toolName}', which is not among the request's tools.`,
          { provider: GEMINI, retryable: false },
        );
      }
      return calling('ANY', [choice.toolName]);
  }
}
