import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions/completions';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import type { ContentPart, Message, ToolResultData } from '../../types/content.js';
import type { Warning } from '../../types/response.js';
import { mediaUrl } from '../openai/media-url.js';
import { functionArguments } from '../shared/custom-tools.js';
import { resolveMedia } from '../shared/local-media.js';
import { argumentsJson } from '../shared/parse-tool-arguments.js';
import type { ChatQuirks } from './chat-quirks.js';

const AUDIO_FORMATS: Record<string, 'wav' | 'mp3'> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};

interface Translation {
  provider: string;
  quirks: ChatQuirks;
  warnings: Warning[];
}

/**
 * Translates a (repaired) history into Chat Completions messages. System text stays a system
 * message in place; developer text goes as `developer` where the server knows that role, else as
 * system. Text-only user content is sent as a plain string (some servers take nothing else).
 * Assistant turns carry `tool_calls` in the nested function shape, and their reasoning only where
 * the server wants it back. Each tool result is its own `tool` message; an image a tool returned
 * follows the results as a user message, since tool messages take text only.
 */
export async function toChatMessages(
  messages: readonly Message[],
  provider: string,
  quirks: ChatQuirks,
  warnings: Warning[],
): Promise<ChatCompletionMessageParam[]> {
  const t: Translation = { provider, quirks, warnings };
  const out: ChatCompletionMessageParam[] = [];
  // Images returned by tools wait until the run of tool messages ends: a user message between
  // a call and its results is refused.
  let toolImages: ChatCompletionContentPart[] = [];
  const flushToolImages = () => {
    if (toolImages.length > 0) out.push({ role: 'user', content: toolImages });
    toolImages = [];
  };

  for (const message of messages) {
    if (message.role !== 'tool') flushToolImages();
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = plainText(message, t);
        if (text === '') break;
        const role = message.role === 'developer' ? quirks.developerRole : 'system';
        out.push({ role, content: text });
        break;
      }
      case 'user': {
        const user = await userMessage(message.content, t);
        if (user) out.push(user);
        break;
      }
      case 'assistant': {
        const assistant = assistantMessage(message.content, t);
        if (assistant) out.push(assistant);
        break;
      }
      case 'tool':
        for (const part of message.content) {
          if (part.kind !== 'tool_result') {
            warnings.push({
              code: 'ignored_content',
              message: `A ${part.kind} part in a tool message was not sent.`,
            });
            continue;
          }
          out.push({
            role: 'tool',
            tool_call_id: part.toolResult.toolCallId,
            content: resultText(part.toolResult),
          });
          const image = await resultImage(part.toolResult, t);
          if (image) toolImages.push(...image);
        }
        break;
    }
  }
  flushToolImages();
  return out;
}

function plainText(message: Message, t: Translation): string {
  const texts: string[] = [];
  for (const part of message.content) {
    if (part.kind === 'text') texts.push(part.text);
    else
      t.warnings.push({
        code: 'ignored_content',
        message: `A ${part.kind} part in a ${message.role} message was not sent.`,
      });
  }
  return texts.join('\n\n');
}

function unsupported(what: string, t: Translation): InvalidRequestError {
  return new InvalidRequestError(
    `${t.provider} (OpenAI-compatible Chat Completions) is not set up to take ${what}; enable it with the adapter's quirks if the server accepts it.`,
    { provider: t.provider, retryable: false },
  );
}

async function userMessage(
  parts: readonly ContentPart[],
  t: Translation,
): Promise<ChatCompletionMessageParam | undefined> {
  const content: ChatCompletionContentPart[] = [];
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        content.push({ type: 'text', text: part.text });
        break;
      case 'image': {
        if (!t.quirks.images) throw unsupported('images', t);
        const image = await resolveMedia(part.image, t.provider);
        content.push({
          type: 'image_url',
          image_url: { url: mediaUrl(image), ...(part.image.detail ? { detail: part.image.detail } : {}) },
        });
        break;
      }
      case 'audio': {
        if (!t.quirks.audio) throw unsupported('audio', t);
        const audio = await resolveMedia(part.audio, t.provider, 'audio/wav');
        const format = audio.kind === 'inline' ? AUDIO_FORMATS[audio.mediaType] : undefined;
        if (audio.kind !== 'inline' || format === undefined) {
          throw new InvalidRequestError(
            'Chat Completions takes audio only inline (base64 or a local file), as wav or mp3.',
            { provider: t.provider, retryable: false },
          );
        }
        content.push({ type: 'input_audio', input_audio: { data: audio.data, format } });
        break;
      }
      case 'document': {
        if (!t.quirks.documents) throw unsupported('documents', t);
        const document = await resolveMedia(part.document, t.provider, 'application/pdf');
        if (document.kind !== 'inline') {
          throw new InvalidRequestError(
            'Chat Completions takes documents only inline (base64 or a local file), not by URL.',
            { provider: t.provider, retryable: false },
          );
        }
        content.push({
          type: 'file',
          file: { file_data: mediaUrl(document), filename: part.document.fileName ?? 'document.pdf' },
        });
        break;
      }
      default:
        t.warnings.push({
          code: 'ignored_content',
          message: `A ${part.kind} part in a user message was not sent.`,
        });
    }
  }
  if (content.length === 0) return undefined;
  const textOnly = content.every((part) => part.type === 'text');
  return {
    role: 'user',
    content: textOnly ? content.map((part) => (part.type === 'text' ? part.text : '')).join('\n\n') : content,
  };
}

function assistantMessage(
  parts: readonly ContentPart[],
  t: Translation,
): ChatCompletionMessageParam | undefined {
  const texts: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: NonNullable<ChatCompletionAssistantMessageParam['tool_calls']> = [];
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        texts.push(part.text);
        break;
      case 'thinking':
        if (part.thinking.text !== '') reasoning.push(part.thinking.text);
        break;
      case 'tool_call':
        toolCalls.push({
          id: part.toolCall.id,
          type: 'function',
          function: { name: part.toolCall.name, arguments: argumentsJson(functionArguments(part.toolCall)) },
        });
        break;
      case 'redacted_thinking':
        break;
      default:
        t.warnings.push({
          code: 'ignored_content',
          message: `A ${part.kind} part in an assistant message was not sent.`,
        });
    }
  }
  const text = texts.join('');
  if (text === '' && toolCalls.length === 0) return undefined;
  const message: ChatCompletionAssistantMessageParam & Record<string, unknown> = {
    role: 'assistant',
    content: text === '' ? null : text,
  };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  if (t.quirks.replayReasoning && reasoning.length > 0)
    message[t.quirks.replayReasoning] = reasoning.join('\n\n');
  return message;
}

function resultText(result: ToolResultData): string {
  return typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
}

async function resultImage(
  result: ToolResultData,
  t: Translation,
): Promise<ChatCompletionContentPart[] | undefined> {
  if (result.imageData === undefined) return undefined;
  if (!t.quirks.images) throw unsupported('images (returned by a tool)', t);
  const image = await resolveMedia({ data: result.imageData, mediaType: result.imageMediaType }, t.provider);
  return [
    { type: 'text', text: `The image returned by tool call ${result.toolCallId}:` },
    { type: 'image_url', image_url: { url: mediaUrl(image) } },
  ];
}
