import { openAIErrorReply } from '../openai-shared/openai-errors.js';
import { asString, type ProtocolCodec } from '../protocol.js';
import { bearerKey } from '../request-headers.js';
import { type ChatReasoningField, encodeChatResponse, encodeChatStream } from './chat-encode.js';
import { validateChatRequest } from './chat-validate.js';
import { viewChatRequest } from './chat-view.js';

/** OpenAI Chat Completions and the servers that copy it: `POST …/chat/completions`. */
export function createChatCodec(reasoningField: ChatReasoningField = 'reasoning_content'): ProtocolCodec {
  return {
    protocol: 'openai-chat',
    route: (method, url) =>
      method === 'POST' && url.pathname.endsWith('/chat/completions') ? {} : undefined,
    isStream: (body) => body.stream === true,
    model: (body) => asString(body.model) ?? '',
    apiKey: bearerKey,
    validate: validateChatRequest,
    encodeResponse: (turn, context) => encodeChatResponse(turn, context, reasoningField),
    encodeStream: (turn, context) => encodeChatStream(turn, context, reasoningField),
    encodeError: (error, context) => openAIErrorReply(error, 'chat', context.ids),
    view: viewChatRequest,
  };
}
