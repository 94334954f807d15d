import type { ResponseCreateParamsBase, Tool as ResponsesTool } from 'openai/resources/responses/responses';
import type {
  ReasoningEffort,
  Request,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from '../../types/request.js';
import type { Warning } from '../../types/response.js';
import { toResponsesInput } from './responses-input.js';

/** The body we send, without `stream` (each call adds its own). */
export type ResponsesBody = Omit<ResponseCreateParamsBase, 'stream'>;

export interface ResponsesRequest {
  body: ResponsesBody;
  warnings: Warning[];
}

/**
 * Models that reason (o-series, gpt-5 family, gpt-oss, codex), except the `-chat` variants: only
 * these may be asked for `reasoning.encrypted_content` (others answer "Encrypted content is not
 * supported with this model").
 */
const REASONING_MODEL = /^(?:o\d|gpt-5|gpt-oss|codex)/i;
const CHAT_VARIANT = /-chat(?:-|$)/i;

export function isReasoningModel(model: string, effort: ReasoningEffort | undefined): boolean {
  if (effort !== undefined && effort !== 'none') return true;
  const id = model.replace(/^.*\//, '');
  return REASONING_MODEL.test(id) && !CHAT_VARIANT.test(id);
}

/**
 * Builds a Responses request from a (repaired) unified request. Defaults chosen for stateless
 * use, where the library sends the whole history each time: `store: false`, and for reasoning
 * models `include: ['reasoning.encrypted_content']` so reasoning can be replayed. Fields under
 * `providerOptions.openai` are merged in last (see mergeProviderOptions), so any default can be
 * overridden, e.g. `{ store: true, include: [] }`.
 */
export async function toResponsesRequest(request: Request, provider: string): Promise<ResponsesRequest> {
  const { instructions, input, warnings } = await toResponsesInput(request.messages, provider);
  const body: ResponsesBody = { model: request.model, input, store: false };
  if (instructions !== undefined) body.instructions = instructions;

  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map(responsesTool);
    body.tool_choice = toolChoice(request.toolChoice ?? { mode: 'auto' }, request.tools);
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.maxTokens !== undefined) body.max_output_tokens = request.maxTokens;
  if (request.metadata !== undefined) body.metadata = request.metadata;
  if (request.stopSequences && request.stopSequences.length > 0) {
    warnings.push({
      code: 'unsupported_parameter',
      message: 'The OpenAI Responses API has no stop sequences; `stopSequences` was not sent.',
    });
  }
  if (request.reasoningEffort !== undefined) {
    // Summaries are what the Responses API shows of the reasoning; they become THINKING parts.
    body.reasoning =
      request.reasoningEffort === 'none'
        ? { effort: 'none' }
        : { effort: request.reasoningEffort, summary: 'auto' };
  }
  if (isReasoningModel(request.model, request.reasoningEffort))
    body.include = ['reasoning.encrypted_content'];
  if (request.responseFormat !== undefined) {
    const format = textFormat(request.responseFormat);
    if (format) body.text = { format };
  }
  return { body: mergeProviderOptions(body, request.providerOptions?.[provider]), warnings };
}

/**
 * A tool with a `format` goes as a custom tool (`{type: 'custom', name, description, format}`):
 * the model then answers with a `custom_tool_call` whose `input` is raw text in that format.
 * Any other tool goes as a function.
 */
function responsesTool(tool: ToolDefinition): ResponsesTool {
  if (tool.format !== undefined) {
    return { type: 'custom', name: tool.name, description: tool.description, format: tool.format };
  }
  // Responses defaults `strict` to true, which demands every property be required and no
  // additional ones allowed; our tools' schemas are arbitrary JSON Schema, so say false.
  return {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: false,
  };
}

/** Naming a tool says its kind too: `{type: 'custom', name}` for a custom tool. */
function toolChoice(choice: ToolChoice, tools: readonly ToolDefinition[]): ResponsesBody['tool_choice'] {
  if (choice.mode !== 'named') return choice.mode;
  const custom = tools.some((tool) => tool.name === choice.toolName && tool.format !== undefined);
  return { type: custom ? 'custom' : 'function', name: choice.toolName };
}

function textFormat(format: ResponseFormat) {
  switch (format.type) {
    case 'text':
      return undefined;
    case 'json':
      return { type: 'json_object' as const };
    case 'json_schema':
      return {
        type: 'json_schema' as const,
        name: format.name ?? 'response',
        schema: format.jsonSchema,
        strict: format.strict ?? false,
      };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Caller-supplied fields win, with two refinements: `reasoning` and `text` are merged so one key
 * can be changed alone, and `tools` are added to ours, so hosted tools (`{ type: 'web_search' }`)
 * sit beside the function tools of the request.
 */
export function mergeProviderOptions<T extends object>(
  body: T,
  options: Record<string, unknown> | undefined,
): T {
  if (!options) return body;
  const merged: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(options)) {
    const current = merged[key];
    if ((key === 'reasoning' || key === 'text') && isPlainObject(current) && isPlainObject(value)) {
      merged[key] = { ...current, ...value };
    } else if (key === 'tools' && Array.isArray(value)) {
      merged[key] = [...(Array.isArray(current) ? current : []), ...value];
    } else {
      merged[key] = value;
    }
  }
  return merged as T;
}
