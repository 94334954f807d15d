import { ConfigurationError } from '../errors/sdk-error.js';
import type { Message } from '../types/content.js';
import type { ToolDefinition } from '../types/request.js';

/** What a tool's `execute` receives beside its arguments. */
export interface ToolExecutionContext {
  /** The id of the call being answered. */
  toolCallId: string;
  /** The conversation up to and including the assistant message that made the call. */
  messages: readonly Message[];
  /** Aborts when the caller aborts or a timeout fires; long-running tools should honour it. */
  signal: AbortSignal;
}

/**
 * A tool the model may call. With `execute` it is active: `generate` and `stream` run it and send
 * the result back. Without, it is passive: calls to it are returned to the caller. `execute` gets
 * the arguments parsed and validated against `parameters`; whatever it returns (text or any
 * JSON-serialisable value) becomes the result, and whatever it throws becomes an error result.
 * A custom tool (with `format`) gets `{ input }`: the raw text of a custom call, or the `input`
 * of a function call from a provider that offered it as a function.
 */
export interface Tool<Args extends Record<string, unknown> = Record<string, unknown>> extends ToolDefinition {
  // Method syntax on purpose: a Tool<{ city: string }> is then usable where a Tool is expected
  // (the arguments are validated against `parameters` before execute sees them).
  execute?(args: Args, context: ToolExecutionContext): unknown;
}

const TOOL_NAME = /^[a-zA-Z][a-zA-Z0-9_-]*$/;

/** Checks a tool's name (letters, digits, `_`, `-`; a letter first; at most 64) and root schema type. */
export function assertValidTool(tool: ToolDefinition): void {
  if (!TOOL_NAME.test(tool.name) || tool.name.length > 64) {
    throw new ConfigurationError(
      `Invalid tool name "${tool.name}": use letters, digits, "_" and "-", starting with a letter, at most 64 characters.`,
    );
  }
  if (tool.parameters.type !== 'object') {
    throw new ConfigurationError(
      `The parameters of tool "${tool.name}" must be a JSON Schema with root type "object".`,
    );
  }
}

/** Declares a tool, checking its name and schema at once (not at the first call). */
export function defineTool<Args extends Record<string, unknown> = Record<string, unknown>>(
  tool: Tool<Args>,
): Tool<Args> {
  assertValidTool(tool);
  return tool;
}

/** The definition sent to the provider: the tool without its `execute`. */
export function toolDefinition(tool: Tool): ToolDefinition {
  const definition: ToolDefinition = {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
  };
  if (tool.format !== undefined) definition.format = tool.format;
  return definition;
}
