import type { Content, Part } from '@google/genai';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import { type ContentPart, Message, type ToolCallData } from '../../types/content.js';
import type { Warning } from '../../types/response.js';
import { functionArguments } from '../shared/custom-tools.js';
import { parseToolArguments } from '../shared/parse-tool-arguments.js';
import { functionResponseBody } from './function-response.js';
import { GEMINI } from './provider-name.js';
import { toGeminiMediaPart } from './to-gemini-media.js';

/** What a tool result needs from its call: the name Gemini keys results by, and the wire id if any. */
interface CallFacts {
  name: string;
  /** The id Gemini itself gave the call, echoed on the call and its response. */
  wireId: string | undefined;
}

/** Gemini's own call ids are worth echoing only on calls Gemini made. */
function wireIdOf(call: ToolCallData, message: Message): string | undefined {
  return message.origin?.provider === GEMINI ? call.providerItemId : undefined;
}

function indexCalls(messages: readonly Message[]): Map<string, CallFacts> {
  const calls = new Map<string, CallFacts>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.kind === 'tool_call') {
        calls.set(part.toolCall.id, { name: part.toolCall.name, wireId: wireIdOf(part.toolCall, message) });
      }
    }
  }
  return calls;
}

/** Gemini's `args` must be an object; arguments that never parsed are sent as none, with a warning. */
function argsOf(call: ToolCallData, warnings: Warning[]): Record<string, unknown> {
  const given = functionArguments(call);
  const args = typeof given === 'string' ? parseToolArguments(given) : given;
  if (typeof args === 'string') {
    warnings.push({
      code: 'tool_arguments_not_object',
      message: `The arguments of tool call ${call.id} (${call.name}) are not a JSON object; they were sent as {}.`,
    });
    return {};
  }
  return args;
}

/** A signature rides on the part it came with, so it is attached here and nowhere else. */
function signed(part: Part, signature: string | undefined): Part {
  return signature === undefined ? part : { ...part, thoughtSignature: signature };
}

async function toParts(
  part: ContentPart,
  message: Message,
  calls: Map<string, CallFacts>,
  warnings: Warning[],
): Promise<Part[]> {
  switch (part.kind) {
    case 'text':
      // An empty text part is meaningful only as the carrier of a signature.
      if (part.text === '' && part.signature === undefined) return [];
      return [signed({ text: part.text }, part.signature)];
    case 'thinking':
      if (part.thinking.text === '' && part.thinking.signature === undefined) return [];
      return [signed({ text: part.thinking.text, thought: true }, part.thinking.signature)];
    case 'redacted_thinking':
      warnings.push({
        code: 'redacted_thinking_dropped',
        message: 'Gemini has no redacted thinking; a redacted thinking block in the history was not sent.',
      });
      return [];
    case 'image':
      return [await toGeminiMediaPart(part.image, 'image/png')];
    case 'audio':
      return [await toGeminiMediaPart(part.audio, 'audio/wav')];
    case 'document':
      return [await toGeminiMediaPart(part.document, 'application/pdf')];
    case 'tool_call': {
      const wireId = wireIdOf(part.toolCall, message);
      const functionCall = {
        name: part.toolCall.name,
        args: argsOf(part.toolCall, warnings),
        ...(wireId !== undefined ? { id: wireId } : {}),
      };
      return [signed({ functionCall }, part.toolCall.signature)];
    }
    case 'tool_result': {
      const result = part.toolResult;
      const call = calls.get(result.toolCallId);
      const name = result.toolName ?? call?.name;
      if (name === undefined) {
        throw new InvalidRequestError(
          `Tool result ${result.toolCallId} has no tool name and answers no call in the history; Gemini keys results by name.`,
          { provider: GEMINI, retryable: false },
        );
      }
      const functionResponse = {
        name,
        response: functionResponseBody(result),
        ...(call?.wireId !== undefined ? { id: call.wireId } : {}),
      };
      const parts: Part[] = [{ functionResponse }];
      // An image the tool produced follows its response in the same turn, where every model reads it.
      if (result.imageData !== undefined) {
        parts.push({
          inlineData: { mimeType: result.imageMediaType ?? 'image/png', data: result.imageData },
        });
      }
      return parts;
    }
  }
}

/**
 * The conversation as Gemini `contents`: assistant messages become `model` turns, user and tool
 * messages `user` turns; system and developer messages are left out (they go to
 * `systemInstruction`). Consecutive tool messages share one user turn, because Gemini wants every
 * response to a model turn's calls in the turn right after it. Tool results are keyed by function
 * name: the result's own `toolName`, else the name of the call it answers.
 */
export async function toGeminiContents(
  messages: readonly Message[],
  warnings: Warning[],
): Promise<Content[]> {
  const calls = indexCalls(messages);
  const contents: Content[] = [];
  let previousWasTool = false;
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    const parts: Part[] = [];
    for (const part of message.content) parts.push(...(await toParts(part, message, calls, warnings)));
    if (parts.length === 0) continue;
    const previous = contents.at(-1);
    if (message.role === 'tool' && previousWasTool && previous?.parts) previous.parts.push(...parts);
    else contents.push({ role: message.role === 'assistant' ? 'model' : 'user', parts });
    previousWasTool = message.role === 'tool';
  }
  return contents;
}

/** System and developer text, one part per message, for `systemInstruction`. */
export function systemInstructionOf(messages: readonly Message[]): Content | undefined {
  const parts = messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map((message) => Message.text(message))
    .filter((text) => text !== '')
    .map((text) => ({ text }));
  return parts.length === 0 ? undefined : { parts };
}
