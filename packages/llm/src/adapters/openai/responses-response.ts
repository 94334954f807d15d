import type { Response as OpenAIResponse, ResponseOutputItem } from 'openai/resources/responses/responses';
import type { SDKError } from '../../errors/sdk-error.js';
import type { ContentPart, ThinkingData, ToolCallData } from '../../types/content.js';
import type { RateLimitInfo, Response, Warning } from '../../types/response.js';
import { parseToolArguments } from '../shared/parse-tool-arguments.js';
import { classifyOpenAIFailure } from './openai-error-mapping.js';
import { responsesFinishReason } from './responses-finish-reason.js';
import { responsesUsage } from './responses-usage.js';

export interface ResponseContext {
  provider: string;
  /** The model the request named: the message's `origin`, which the next request compares against. */
  requestModel: string;
  warnings: Warning[];
  rateLimit: RateLimitInfo | undefined;
}

/** Summary parts of one reasoning item, read as one text. */
export function reasoningText(summary: readonly { text: string }[]): string {
  return summary.map((part) => part.text).join('\n\n');
}

/**
 * A reasoning item as a thinking part: its summary as the text (or, for models that send raw
 * reasoning text instead, that text), its encrypted content as the signature.
 */
export function thinkingFromItem(item: Extract<ResponseOutputItem, { type: 'reasoning' }>): ThinkingData {
  const text =
    item.summary.length > 0
      ? reasoningText(item.summary)
      : (item.content ?? []).map((part) => part.text).join('');
  const thinking: ThinkingData = { text, redacted: false, providerItemId: item.id };
  if (typeof item.encrypted_content === 'string' && item.encrypted_content !== '') {
    thinking.signature = item.encrypted_content;
  }
  return thinking;
}

export function toolCallFromItem(item: Extract<ResponseOutputItem, { type: 'function_call' }>): ToolCallData {
  const call: ToolCallData = {
    id: item.call_id,
    name: item.name,
    arguments: parseToolArguments(item.arguments),
    rawArguments: item.arguments,
    type: 'function',
  };
  if (item.id !== undefined) call.providerItemId = item.id;
  return call;
}

/** A custom tool's call: its raw `input` text is the arguments, as it is (never parsed as JSON). */
export function customToolCallFromItem(
  item: Extract<ResponseOutputItem, { type: 'custom_tool_call' }>,
): ToolCallData {
  const call: ToolCallData = {
    id: item.call_id,
    name: item.name,
    arguments: item.input,
    rawArguments: item.input,
    type: 'custom',
  };
  if (item.id !== undefined) call.providerItemId = item.id;
  return call;
}

/**
 * The output items in order as content parts: reasoning → thinking (summary text, encrypted
 * content as the signature, `rs_…` id), message → one text part per output_text or refusal,
 * function_call → tool_call (`call_id` as the id, `fc_…` kept as providerItemId), custom_tool_call →
 * tool_call of type 'custom' with the raw `input` as its arguments. Hosted-tool
 * items have no unified form; they stay in `raw`. Reasoning with neither summary nor encrypted
 * content carries nothing to show or replay and is left out.
 */
export function contentFromOutput(output: readonly ResponseOutputItem[]): ContentPart[] {
  const content: ContentPart[] = [];
  for (const item of output) {
    if (item.type === 'reasoning') {
      const thinking = thinkingFromItem(item);
      if (thinking.text !== '' || thinking.signature !== undefined)
        content.push({ kind: 'thinking', thinking });
    } else if (item.type === 'message') {
      for (const part of item.content) {
        const text = part.type === 'output_text' ? part.text : part.refusal;
        content.push({ kind: 'text', text });
      }
    } else if (item.type === 'function_call') {
      content.push({ kind: 'tool_call', toolCall: toolCallFromItem(item) });
    } else if (item.type === 'custom_tool_call') {
      content.push({ kind: 'tool_call', toolCall: customToolCallFromItem(item) });
    }
  }
  return content;
}

/** A failed response as the typed error its `error.code` stands for. */
export function failedResponseError(response: Pick<OpenAIResponse, 'error'>, provider: string): SDKError {
  return classifyOpenAIFailure(
    { error: response.error ?? { code: 'server_error', message: 'The response failed.' } },
    { provider },
    'The response failed.',
  );
}

/** Turns a finished Responses object into the unified Response (the same for complete() and stream()). */
export function fromResponsesResponse(response: OpenAIResponse, context: ResponseContext): Response {
  const result: Response = {
    id: response.id,
    model: response.model,
    provider: context.provider,
    message: {
      role: 'assistant',
      content: contentFromOutput(response.output),
      origin: { provider: context.provider, model: context.requestModel },
    },
    finishReason: responsesFinishReason(response),
    usage: responsesUsage(response.usage),
    raw: response,
    warnings: [...context.warnings],
  };
  if (context.rateLimit) result.rateLimit = context.rateLimit;
  return result;
}
