import { openAIErrorReply } from '../openai-shared/openai-errors.js';
import { asString, type ProtocolCodec } from '../protocol.js';
import { bearerKey } from '../request-headers.js';
import { encodeResponsesResponse, encodeResponsesStream } from './responses-encode.js';
import { validateResponsesRequest } from './responses-validate.js';
import { viewResponsesRequest } from './responses-view.js';

/** OpenAI Responses: `POST …/responses` (the SDK's base URL includes `/v1`). */
export const responsesCodec: ProtocolCodec = {
  protocol: 'openai-responses',
  route: (method, url) => (method === 'POST' && url.pathname.endsWith('/responses') ? {} : undefined),
  isStream: (body) => body.stream === true,
  model: (body) => asString(body.model) ?? '',
  apiKey: bearerKey,
  validate: validateResponsesRequest,
  encodeResponse: encodeResponsesResponse,
  encodeStream: encodeResponsesStream,
  encodeError: (error, context) => openAIErrorReply(error, 'responses', context.ids),
  view: viewResponsesRequest,
};
