import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions/completions';
import type { Request, ResponseFormat, ToolChoice, ToolDefinition } from '../../types/request.js';
import type { Warning } from '../../types/response.js';
import { customToolWarnings } from '../shared/custom-tools.js';
import { toChatMessages } from './chat-messages.js';
import type { ChatQuirks } from './chat-quirks.js';

/** The body we send, without `stream` and `stream_options` (each call adds its own). */
export type ChatBody = Omit<ChatCompletionCreateParamsBase, 'stream' | 'stream_options'> &
  Record<string, unknown>;

export interface ChatRequest {
  body: ChatBody;
  warnings: Warning[];
}

/**
 * Builds a Chat Completions request from a (repaired) unified request, shaped by the server's
 * quirks. Fields under `providerOptions[<adapter name>]` are merged in last, so any server-specific
 * field (`thinking`, `reasoning_format`, `top_k`, …) can be passed through or a default overridden.
 */
export async function toChatRequest(
  request: Request,
  provider: string,
  quirks: ChatQuirks,
): Promise<ChatRequest> {
  const warnings: Warning[] = [];
  const messages = await toChatMessages(request.messages, provider, quirks, warnings);
  const body: ChatBody = { model: request.model, messages };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map(functionTool);
    warnings.push(...customToolWarnings(request.tools, provider));
    body.tool_choice = toolChoice(request.toolChoice ?? { mode: 'auto' });
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.maxTokens !== undefined) body[quirks.maxTokensField] = request.maxTokens;
  if (request.stopSequences && request.stopSequences.length > 0) body.stop = request.stopSequences;
  if (request.responseFormat !== undefined) {
    const format = responseFormat(request.responseFormat);
    if (format) body.response_format = format;
  }
  if (request.reasoningEffort !== undefined) {
    if (quirks.reasoningEffort === 'reasoning_effort') body.reasoning_effort = request.reasoningEffort;
    else if (quirks.reasoningEffort === 'reasoning.effort')
      body.reasoning = { effort: request.reasoningEffort };
    else {
      warnings.push({
        code: 'unsupported_parameter',
        message: `${provider} takes no reasoning effort; \`reasoningEffort\` was not sent.`,
      });
    }
  }
  if (request.metadata !== undefined) {
    warnings.push({
      code: 'unsupported_parameter',
      message: 'Chat Completions keeps no metadata without stored completions; `metadata` was not sent.',
    });
  }
  const options = request.providerOptions?.[provider];
  return { body: options ? { ...body, ...options } : body, warnings };
}

function functionTool(tool: ToolDefinition) {
  return {
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function toolChoice(choice: ToolChoice): ChatBody['tool_choice'] {
  return choice.mode === 'named' ? { type: 'function', function: { name: choice.toolName } } : choice.mode;
}

function responseFormat(format: ResponseFormat): ChatBody['response_format'] {
  switch (format.type) {
    case 'text':
      return undefined;
    case 'json':
      return { type: 'json_object' };
    case 'json_schema':
      return {
        type: 'json_schema',
        json_schema: {
          name: format.name ?? 'response',
          schema: format.jsonSchema,
          strict: format.strict ?? false,
        },
      };
  }
}
