import type {
  ResponseInputContent,
  ResponseInputImage,
  ResponseInputItem,
  ResponseInputText,
} from 'openai/resources/responses/responses';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import type {
  ContentPart,
  Message,
  ThinkingData,
  ToolCallData,
  ToolResultData,
} from '../../types/content.js';
import type { Warning } from '../../types/response.js';
import { resolveMedia } from '../shared/local-media.js';
import { argumentsJson } from '../shared/parse-tool-arguments.js';
import { mediaUrl } from './media-url.js';

/**
 * An assistant message and a reasoning item as we send them back. Item ids (`msg_…`, `rs_…`,
 * `fc_…`) are left out on purpose: the API pairs items that carry ids (a reasoning item with the
 * message or call that followed it) and rejects a history where only some of them do ("Item 'rs_…'
 * of type 'reasoning' was provided without its required following item"). Our text parts keep no
 * id, so the consistent choice is the one OpenAI's own Codex client makes in stateless mode: no
 * ids at all, with the encrypted content carrying the reasoning. The SDK's types describe output
 * items, which always have ids, hence the narrower shapes here.
 */
interface AssistantMessageItem {
  type: 'message';
  role: 'assistant';
  content: { type: 'output_text'; text: string }[];
}

interface ReasoningInputItem {
  type: 'reasoning';
  summary: { type: 'summary_text'; text: string }[];
  encrypted_content: string;
}

export interface ResponsesInput {
  /** System text, joined; undefined when the history has none. */
  instructions: string | undefined;
  input: ResponseInputItem[];
  warnings: Warning[];
}

/**
 * Translates a (repaired) history into Responses input: system text goes to `instructions`;
 * developer text stays in place as a developer-role message (so its position in the conversation
 * is kept, as Codex does with its environment context); user content becomes input_text /
 * input_image / input_file; assistant turns are split into reasoning, message and function_call
 * items in their original order (custom_tool_call for a custom tool's call); tool results become
 * function_call_output (or custom_tool_call_output) items linked by call_id.
 */
export async function toResponsesInput(
  messages: readonly Message[],
  provider: string,
): Promise<ResponsesInput> {
  const system: string[] = [];
  const input: ResponseInputItem[] = [];
  const warnings: Warning[] = [];
  const outputs: OutputContext = { provider, customCalls: customCallIds(messages) };

  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(textOf(message, warnings));
        break;
      case 'developer': {
        const text = textOf(message, warnings);
        if (text !== '') {
          input.push({ type: 'message', role: 'developer', content: [{ type: 'input_text', text }] });
        }
        break;
      }
      case 'user':
        input.push(...(await userItems(message.content, outputs, warnings)));
        break;
      case 'assistant':
        input.push(...(await assistantItems(message.content, outputs, warnings)));
        break;
      case 'tool':
        for (const part of message.content) {
          if (part.kind === 'tool_result') input.push(await toolOutput(part.toolResult, outputs));
          else
            warnings.push({
              code: 'ignored_content',
              message: `A ${part.kind} part in a tool message was not sent.`,
            });
        }
        break;
    }
  }
  const instructions = system.filter((text) => text !== '').join('\n\n');
  return { instructions: instructions === '' ? undefined : instructions, input, warnings };
}

function textOf(message: Message, warnings: Warning[]): string {
  const texts: string[] = [];
  for (const part of message.content) {
    if (part.kind === 'text') texts.push(part.text);
    else
      warnings.push({
        code: 'ignored_content',
        message: `A ${part.kind} part in a ${message.role} message was not sent.`,
      });
  }
  return texts.join('\n\n');
}

async function userItems(
  parts: readonly ContentPart[],
  outputs: OutputContext,
  warnings: Warning[],
): Promise<ResponseInputItem[]> {
  const { provider } = outputs;
  const content: ResponseInputContent[] = [];
  const results: ResponseInputItem[] = [];
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        content.push({ type: 'input_text', text: part.text });
        break;
      case 'image': {
        const image = await resolveMedia(part.image, provider);
        content.push({
          type: 'input_image',
          image_url: mediaUrl(image),
          detail: part.image.detail ?? 'auto',
        });
        break;
      }
      case 'document': {
        const document = await resolveMedia(part.document, provider, 'application/pdf');
        content.push(
          document.kind === 'url'
            ? { type: 'input_file', file_url: document.url }
            : {
                type: 'input_file',
                file_data: mediaUrl(document),
                filename: part.document.fileName ?? defaultFileName(document.mediaType),
              },
        );
        break;
      }
      case 'audio':
        throw new InvalidRequestError(
          'The OpenAI Responses API takes no audio input in messages; send the audio to a transcription model first, or use a provider that accepts audio.',
          { provider, retryable: false },
        );
      case 'tool_result':
        // Results belong in tool messages; one found in a user message still answers its call.
        results.push(await toolOutput(part.toolResult, outputs));
        break;
      default:
        warnings.push({
          code: 'ignored_content',
          message: `A ${part.kind} part in a user message was not sent.`,
        });
    }
  }
  const items: ResponseInputItem[] = [...results];
  if (content.length > 0) items.push({ type: 'message', role: 'user', content });
  return items;
}

function defaultFileName(mediaType: string): string {
  return mediaType === 'application/pdf' ? 'document.pdf' : 'document';
}

async function assistantItems(
  parts: readonly ContentPart[],
  outputs: OutputContext,
  warnings: Warning[],
): Promise<ResponseInputItem[]> {
  const items: ResponseInputItem[] = [];
  let message: AssistantMessageItem | undefined;
  const flushMessage = () => {
    if (message) items.push(message as unknown as ResponseInputItem);
    message = undefined;
  };
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        if (part.text === '') break;
        message ??= { type: 'message', role: 'assistant', content: [] };
        message.content.push({ type: 'output_text', text: part.text });
        break;
      case 'thinking': {
        flushMessage();
        const reasoning = reasoningItem(part.thinking);
        if (reasoning) items.push(reasoning as unknown as ResponseInputItem);
        break;
      }
      case 'tool_call':
        flushMessage();
        items.push(
          part.toolCall.type === 'custom' ? customToolCall(part.toolCall) : functionCall(part.toolCall),
        );
        break;
      case 'tool_result':
        flushMessage();
        items.push(await toolOutput(part.toolResult, outputs));
        break;
      default:
        warnings.push({
          code: 'ignored_content',
          message: `A ${part.kind} part in an assistant message was not sent.`,
        });
    }
  }
  flushMessage();
  return items;
}

/**
 * Reasoning goes back only with its encrypted content: that is what the model reads. Reasoning
 * without it (a stored response, or content not requested) cannot be replayed statelessly.
 */
function reasoningItem(thinking: ThinkingData): ReasoningInputItem | undefined {
  if (thinking.signature === undefined || thinking.signature === '') return undefined;
  return {
    type: 'reasoning',
    summary: thinking.text === '' ? [] : [{ type: 'summary_text', text: thinking.text }],
    encrypted_content: thinking.signature,
  };
}

function functionCall(call: ToolCallData): ResponseInputItem {
  return {
    type: 'function_call',
    call_id: call.id,
    name: call.name,
    arguments: argumentsJson(call.arguments),
  };
}

/**
 * A custom tool's call as it came: its raw `input` text. Arguments that are an object here were
 * made elsewhere (a call from a provider without custom tools has `{ input }`); their `input` is
 * the text when it is one.
 */
function customToolCall(call: ToolCallData): ResponseInputItem {
  const args = call.arguments;
  const input =
    typeof args === 'string' ? args : typeof args.input === 'string' ? args.input : JSON.stringify(args);
  return { type: 'custom_tool_call', call_id: call.id, name: call.name, input };
}

/** What a tool result needs to be sent: the provider (for media) and which calls were custom. */
interface OutputContext {
  provider: string;
  customCalls: ReadonlySet<string>;
}

/**
 * The ids of the history's custom tool calls. A result carries only its call's id, and the API
 * pairs outputs with calls by type as well as id (a `function_call_output` does not answer a
 * `custom_tool_call`), so each result's kind is looked up from its call.
 */
function customCallIds(messages: readonly Message[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.kind === 'tool_call' && part.toolCall.type === 'custom') ids.add(part.toolCall.id);
    }
  }
  return ids;
}

/** A result as `custom_tool_call_output` when it answers a custom call, else `function_call_output`. */
async function toolOutput(result: ToolResultData, context: OutputContext): Promise<ResponseInputItem> {
  const type = context.customCalls.has(result.toolCallId)
    ? 'custom_tool_call_output'
    : 'function_call_output';
  const text = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
  if (result.imageData === undefined) return { type, call_id: result.toolCallId, output: text };
  const image = await resolveMedia(
    { data: result.imageData, mediaType: result.imageMediaType },
    context.provider,
  );
  // Parts both output kinds accept (the custom one takes the narrower part types).
  const output: (ResponseInputText | ResponseInputImage)[] = [
    { type: 'input_text', text },
    { type: 'input_image', image_url: mediaUrl(image), detail: 'auto' },
  ];
  return { type, call_id: result.toolCallId, output };
}
