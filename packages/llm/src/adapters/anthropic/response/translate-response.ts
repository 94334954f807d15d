import type { ContentPart } from '../../../types/content.js';
import type { RateLimitInfo, Response, Warning } from '../../../types/response.js';
import { type AnthropicUsage, normalizeUsage } from './anthropic-usage.js';
import { finishReason } from './finish-reason.js';

/**
 * A content block as the adapter reads it, from a whole response or assembled from a stream:
 * `text` {text}, `thinking` {thinking, signature}, `redacted_thinking` {data}, `tool_use`
 * {id, name, input}, or a block type it has no unified part for (server tools and the like).
 */
export interface AnthropicBlock {
  type: string;
}

/** The part of a Messages API `Message` a Response is built from. */
export interface AnthropicMessage {
  id: string;
  model: string;
  content: AnthropicBlock[];
  stop_reason: string | null;
  usage: AnthropicUsage;
}

export interface ResponseContext {
  provider: string;
  warnings: readonly Warning[];
  rateLimit: RateLimitInfo | undefined;
}

/**
 * Builds the unified Response from a Messages API message. `complete()` passes the response
 * body; `stream()` passes the message it assembled from the events, so both give the same
 * Response for the same turn.
 */
export function responseFromMessage(
  message: AnthropicMessage,
  raw: unknown,
  context: ResponseContext,
): Response {
  const warnings = [...context.warnings];
  const content: ContentPart[] = [];
  let thinkingText = '';
  for (const block of message.content) {
    const part = contentPart(block);
    if (part === null) continue;
    if (part === undefined) {
      warnings.push({
        code: 'content_dropped',
        message: `A ${block.type} block has no unified content part; it is kept only in the raw response.`,
      });
      continue;
    }
    if (part.kind === 'thinking') thinkingText += part.thinking.text;
    content.push(part);
  }
  const response: Response = {
    id: message.id,
    model: message.model,
    provider: context.provider,
    message: { role: 'assistant', content, origin: { provider: context.provider, model: message.model } },
    finishReason: finishReason(message.stop_reason),
    usage: normalizeUsage(message.usage, thinkingText),
    raw,
    warnings,
  };
  if (context.rateLimit !== undefined) response.rateLimit = context.rateLimit;
  return response;
}

/** The block types that have a unified part. */
type KnownBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

/** The unified part for a block; null for an empty text block (nothing to keep); undefined when unknown. */
function contentPart(block: AnthropicBlock): ContentPart | null | undefined {
  const known = block as KnownBlock;
  switch (known.type) {
    case 'text':
      return known.text === '' ? null : { kind: 'text', text: known.text };
    case 'thinking':
      return {
        kind: 'thinking',
        thinking: {
          text: known.thinking,
          redacted: false,
          ...(known.signature ? { signature: known.signature } : {}),
        },
      };
    case 'redacted_thinking':
      return { kind: 'redacted_thinking', thinking: { text: '', signature: known.data, redacted: true } };
    case 'tool_use':
      return {
        kind: 'tool_call',
        toolCall: { id: known.id, name: known.name, arguments: toolArguments(known.input) },
      };
    default:
      return undefined;
  }
}

/** The API sends `input` as an object; a streamed call whose JSON did not parse keeps its text. */
function toolArguments(input: unknown): Record<string, unknown> | string {
  if (typeof input === 'string') return input;
  if (input !== null && typeof input === 'object' && !Array.isArray(input))
    return input as Record<string, unknown>;
  return {};
}
