import { isEnvironmentError } from '../environment/environment-error.js';
import { errorResult, type Tool, type ToolContext, type ToolResult } from './tool.js';
import { ToolError } from './tool-error.js';
import { invalidArgumentsMessage, validateArguments } from './validate-arguments.js';

/**
 * Validates the arguments, runs the tool, and turns every failure into an error result the model
 * can act on: invalid arguments name the parameter; a ToolError keeps its message and details;
 * an environment error keeps its message; anything else becomes "Tool error (name): message".
 * Never throws.
 */
export async function executeTool(tool: Tool, args: unknown, context: ToolContext): Promise<ToolResult> {
  const validation = validateArguments(tool.parameters, args);
  if (!validation.ok) return errorResult(invalidArgumentsMessage(tool.name, validation.problems));
  if (context.signal.aborted) return errorResult(`Tool ${tool.name} was not run: the operation was aborted.`);
  try {
    return await tool.execute(validation.value, context);
  } catch (error) {
    if (error instanceof ToolError) return errorResult(error.message, error.details);
    if (isEnvironmentError(error)) return errorResult(error.message);
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(`Tool error (${tool.name}): ${message}`);
  }
}
