import { anthropicCodec } from '../protocols/anthropic/anthropic-codec.js';
import { geminiCodec } from '../protocols/gemini/gemini-codec.js';
import { createChatCodec } from '../protocols/openai-chat/chat-codec.js';
import type { ChatReasoningField } from '../protocols/openai-chat/chat-encode.js';
import { responsesCodec } from '../protocols/openai-responses/responses-codec.js';
import type { ProtocolCodec, RouteMatch } from '../protocols/protocol.js';

export function createCodecs(chatReasoningField: ChatReasoningField | undefined): ProtocolCodec[] {
  return [anthropicCodec, responsesCodec, createChatCodec(chatReasoningField), geminiCodec];
}

export function routeRequest(
  codecs: readonly ProtocolCodec[],
  method: string,
  url: URL,
): { codec: ProtocolCodec; route: RouteMatch } | undefined {
  for (const codec of codecs) {
    const route = codec.route(method, url);
    if (route) return { codec, route };
  }
  return undefined;
}
