import type {
  ContentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { quoteReasoning } from '../../../history/strip-foreign-signatures.js';
import { type ContentPart, Message, type ToolResultData } from '../../../types/content.js';
import type { Warning } from '../../../types/response.js';
import { functionArguments } from '../../shared/custom-tools.js';
import { parseToolArguments } from '../../shared/parse-tool-arguments.js';
import { documentBlock, imageBlock, unsupported } from './translate-media.js';

/** A Messages API turn whose content is always a block list (so breakpoints can be placed on it). */
export interface WireMessage {
  role: 'user' | 'assistant';
  content: ContentBlockParam[];
}

/**
 * Translates the conversation (system and developer messages already taken out) into Messages
 * API turns: user and tool messages become `user` turns (tool results as `tool_result` blocks),
 * assistant messages `assistant` turns. Consecutive turns of the same role are merged, since the
 * API wants strict alternation, and in a merged user turn the tool results come first, since
 * the API wants them directly after the `tool_use` blocks they answer.
 */
export async function translateMessages(
  messages: readonly Message[],
  provider: string,
  warnings: Warning[],
): Promise<WireMessage[]> {
  const wire: WireMessage[] = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks =
      role === 'assistant'
        ? assistantBlocks(message, warnings)
        : await userBlocks(message, provider, warnings);
    if (blocks.length === 0) continue;
    const last = wire.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else wire.push({ role, content: blocks });
  }
  for (const turn of wire) if (turn.role === 'user') turn.content = toolResultsFirst(turn.content);
  return wire;
}

/** The API refuses empty and whitespace-only text blocks; such parts carry nothing anyway. */
function hasText(text: string): boolean {
  return text.trim() !== '';
}

function dropped(warnings: Warning[], part: ContentPart, role: string): void {
  warnings.push({
    code: 'content_dropped',
    message: `A ${part.kind} part in a ${role} message has no Messages API form and was left out.`,
  });
}

async function userBlocks(
  message: Message,
  provider: string,
  warnings: Warning[],
): Promise<ContentBlockParam[]> {
  const blocks: ContentBlockParam[] = [];
  const hasResult = message.content.some((part) => part.kind === 'tool_result');
  if (message.role === 'tool' && !hasResult && message.toolCallId !== undefined) {
    // A tool message written as plain text: its text is the result of the call it names.
    const text = Message.text(message);
    return [toolResultBlock({ toolCallId: message.toolCallId, content: text, isError: false }, provider)];
  }
  for (const part of message.content) {
    switch (part.kind) {
      case 'text':
        if (hasText(part.text)) blocks.push({ type: 'text', text: part.text });
        break;
      case 'image':
        blocks.push(await imageBlock(part.image, provider));
        break;
      case 'document':
        blocks.push(await documentBlock(part.document, provider));
        break;
      case 'audio':
        throw unsupported('the Messages API does not accept audio input.', provider);
      case 'tool_result':
        blocks.push(toolResultBlock(part.toolResult, provider));
        break;
      default:
        dropped(warnings, part, message.role);
    }
  }
  return blocks;
}

function assistantBlocks(message: Message, warnings: Warning[]): ContentBlockParam[] {
  const blocks: ContentBlockParam[] = [];
  for (const part of message.content) {
    switch (part.kind) {
      case 'text':
        if (hasText(part.text)) blocks.push({ type: 'text', text: part.text });
        break;
      case 'thinking': {
        const { text, signature } = part.thinking;
        if (signature !== undefined && !part.thinking.redacted) {
          // Sent back exactly as received: the signature covers the text.
          blocks.push({ type: 'thinking', thinking: text, signature });
        } else if (signature !== undefined) {
          blocks.push({ type: 'redacted_thinking', data: signature });
        } else if (hasText(text)) {
          // Unsigned reasoning cannot go back as a thinking block; keep it readable as quoted notes.
          blocks.push({ type: 'text', text: quoteReasoning(text) });
        }
        break;
      }
      case 'redacted_thinking':
        if (part.thinking.signature !== undefined) {
          blocks.push({ type: 'redacted_thinking', data: part.thinking.signature });
        }
        break;
      case 'tool_call': {
        const { id, name } = part.toolCall;
        let input = functionArguments(part.toolCall);
        if (typeof input === 'string') input = parseToolArguments(input);
        if (typeof input === 'string') {
          warnings.push({
            code: 'tool_arguments_unparsed',
            message: `The arguments of tool call ${id} (${name}) are not a JSON object; sent as {}.`,
          });
          input = {};
        }
        blocks.push({ type: 'tool_use', id, name, input });
        break;
      }
      default:
        dropped(warnings, part, 'assistant');
    }
  }
  return blocks;
}

/** A tool result: text (JSON for structured content), plus the image the tool produced, if any. */
function toolResultBlock(result: ToolResultData, provider: string): ToolResultBlockParam {
  const text = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
  const block: ToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: result.toolCallId,
    ...(result.isError ? { is_error: true } : {}),
  };
  if (result.imageData !== undefined) {
    const mediaType = result.imageMediaType ?? 'image/png';
    if (!['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(mediaType)) {
      throw unsupported(`a tool result image must be JPEG, PNG, GIF or WebP, not ${mediaType}.`, provider);
    }
    const image: ImageBlockParam = {
      type: 'image',
      source: {
        type: 'base64',
        media_type: mediaType as 'image/png',
        data: result.imageData,
      },
    };
    const textBlocks: TextBlockParam[] = hasText(text) ? [{ type: 'text', text }] : [];
    block.content = [...textBlocks, image];
  } else if (text !== '') {
    block.content = text;
  }
  return block;
}

function toolResultsFirst(content: ContentBlockParam[]): ContentBlockParam[] {
  const results = content.filter((block) => block.type === 'tool_result');
  if (results.length === 0 || results.length === content.length) return content;
  return [...results, ...content.filter((block) => block.type !== 'tool_result')];
}
