import type { ProtocolCodec } from '../protocol.js';
import { asString } from '../protocol.js';
import { bearerKey } from '../request-headers.js';
import { encodeAnthropicResponse, encodeAnthropicStream } from './anthropic-encode.js';
import { anthropicErrorReply } from './anthropic-errors.js';
import { validateAnthropicRequest } from './anthropic-validate.js';
import { viewAnthropicRequest } from './anthropic-view.js';

/** Anthropic Messages: `POST /v1/messages`, key in `x-api-key` or `Authorization: Bearer`. */
export const anthropicCodec: ProtocolCodec = {
  protocol: 'anthropic',
  route: (method, url) => (method === 'POST' && url.pathname.endsWith('/v1/messages') ? {} : undefined),
  isStream: (body) => body.stream === true,
  model: (body) => asString(body.model) ?? '',
  apiKey: (headers) => {
    const key = headers['x-api-key'];
    if (typeof key === 'string') return key;
    return bearerKey(headers);
  },
  validate: validateAnthropicRequest,
  encodeResponse: encodeAnthropicResponse,
  encodeStream: encodeAnthropicStream,
  encodeError: (error, context) => anthropicErrorReply(error, context.ids),
  view: viewAnthropicRequest,
};
