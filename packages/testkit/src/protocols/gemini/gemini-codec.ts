import type { ProtocolCodec } from '../protocol.js';
import { encodeGeminiResponse, encodeGeminiStream } from './gemini-encode.js';
import { geminiErrorReply } from './gemini-errors.js';
import { validateGeminiRequest } from './gemini-validate.js';
import { viewGeminiRequest } from './gemini-view.js';

// The version segment varies (v1beta in @google/genai 2, v1 in 3); route on the method suffix.
const GEMINI_PATH = /\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** Gemini: `…/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`. */
export const geminiCodec: ProtocolCodec = {
  protocol: 'gemini',
  route: (method, url) => {
    const match = method === 'POST' ? GEMINI_PATH.exec(url.pathname) : null;
    if (!match) return undefined;
    return {
      pathModel: decodeURIComponent(match[2] ?? ''),
      pathStream: match[3] === 'streamGenerateContent',
    };
  },
  isStream: (_body, route) => route.pathStream === true,
  model: (_body, route) => route.pathModel ?? '',
  apiKey: (headers, url) => {
    const key = headers['x-goog-api-key'];
    return typeof key === 'string' ? key : (url.searchParams.get('key') ?? undefined);
  },
  validate: (context) => validateGeminiRequest(context, context.route.pathModel ?? ''),
  encodeResponse: encodeGeminiResponse,
  encodeStream: encodeGeminiStream,
  encodeError: (error) => geminiErrorReply(error),
  view: viewGeminiRequest,
};
