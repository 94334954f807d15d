import type { ToolCallData } from '../../types/content.js';
import type { ToolDefinition } from '../../types/request.js';
import type { Warning } from '../../types/response.js';

/**
 * What an adapter whose API has no custom (freeform) tools says when a request has some: each is
 * sent as a function tool with its `parameters` (the JSON form, `{ input: string }`), so the tool
 * is still offered and its calls arrive as function calls whose arguments are `{ input }`. The
 * format (a grammar) is not enforced there. Falling back rather than refusing keeps a session
 * usable when its model moves to such a provider.
 */
export function customToolWarnings(
  tools: readonly ToolDefinition[] | undefined,
  provider: string,
): Warning[] {
  const names = (tools ?? []).filter((tool) => tool.format !== undefined).map((tool) => tool.name);
  if (names.length === 0) return [];
  return [
    {
      code: 'custom_tool_as_function',
      message: `${provider} has no custom (freeform) tools; ${names.join(', ')} ${names.length === 1 ? 'was sent as a function tool' : 'were sent as function tools'} taking { input }, and the input format is not enforced.`,
    },
  ];
}

/**
 * A call's arguments for an API whose calls carry a JSON object: a custom call's raw input text
 * becomes `{ input }` (its function form), so a history made with custom tools replays anywhere.
 */
export function functionArguments(call: ToolCallData): Record<string, unknown> | string {
  return call.type === 'custom' && typeof call.arguments === 'string'
    ? { input: call.arguments }
    : call.arguments;
}
