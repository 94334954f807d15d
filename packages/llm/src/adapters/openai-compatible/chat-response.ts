import type { ContentPart, ToolCallData } from '../../types/content.js';
import type { RateLimitInfo, Response, Warning } from '../../types/response.js';
import { parseToolArguments } from '../shared/parse-tool-arguments.js';
import { chatFinishReason } from './chat-finish-reason.js';
import { chatUsage } from './chat-usage.js';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export interface ChatResponseContext {
  provider: string;
  /** The model the request named: the message's `origin`. */
  requestModel: string;
  reasoningFields: readonly string[];
  warnings: Warning[];
  rateLimit: RateLimitInfo | undefined;
}

/** The first non-empty reasoning field of a message or delta, per the server's quirks. */
export function reasoningOf(message: UnknownRecord, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = message[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** One entry of `message.tool_calls` as a unified tool call. */
export function toolCall(raw: unknown, index: number): ToolCallData | undefined {
  if (!isRecord(raw)) return undefined;
  const fn = isRecord(raw.function) ? raw.function : {};
  const args = str(fn.arguments) ?? '';
  return {
    // A server that sends no id (some local ones) still needs one for the result to refer to.
    id: str(raw.id) || `call_${index}`,
    name: str(fn.name) ?? '',
    arguments: parseToolArguments(args),
    rawArguments: args,
    type: 'function',
  };
}

/**
 * A Chat completion (`choices[0]`) as the unified Response: reasoning (from the server's reasoning
 * field) as a thinking part, then the text (or the refusal), then the tool calls. The streaming
 * decoder accumulates the same shape and ends here too, so both paths give the same Response.
 */
export function fromChatCompletion(completion: UnknownRecord, context: ChatResponseContext): Response {
  const choices = Array.isArray(completion.choices) ? completion.choices : [];
  const choice = isRecord(choices[0]) ? choices[0] : {};
  const message = isRecord(choice.message) ? choice.message : {};
  const content: ContentPart[] = [];
  const reasoning = reasoningOf(message, context.reasoningFields);
  if (reasoning !== undefined)
    content.push({ kind: 'thinking', thinking: { text: reasoning, redacted: false } });
  const refusal = str(message.refusal);
  const text = str(message.content) || refusal || '';
  if (text !== '') content.push({ kind: 'text', text });
  const calls = (Array.isArray(message.tool_calls) ? message.tool_calls : [])
    .map(toolCall)
    .filter((call): call is ToolCallData => call !== undefined);
  for (const call of calls) content.push({ kind: 'tool_call', toolCall: call });

  const response: Response = {
    id: str(completion.id) ?? '',
    model: str(completion.model) || context.requestModel,
    provider: context.provider,
    message: {
      role: 'assistant',
      content,
      origin: { provider: context.provider, model: context.requestModel },
    },
    finishReason: chatFinishReason(str(choice.finish_reason), {
      hasToolCalls: calls.length > 0,
      refused: refusal !== undefined && refusal !== '',
    }),
    usage: chatUsage(completion.usage),
    raw: completion,
    warnings: [...context.warnings],
  };
  if (context.rateLimit) response.rateLimit = context.rateLimit;
  return response;
}
