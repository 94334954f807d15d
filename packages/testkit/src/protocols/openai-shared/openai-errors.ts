import type { IdFactory } from '../../script/ids.js';
import type { ErrorKind, ScriptedHttpError } from '../../script/scripted-turn.js';
import { type Reply, retryHeaders } from '../protocol.js';

export type OpenAIApi = 'responses' | 'chat';

interface OpenAIErrorShape {
  status: number;
  type: string;
  code: string | null;
  param: string | null;
  message: string;
}

const CONTEXT_MESSAGE: Record<OpenAIApi, string> = {
  responses: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
  chat: "This model's maximum context length is 128000 tokens. However, your messages resulted in 204308 tokens. Please reduce the length of the messages.",
};

function shapeOf(kind: ErrorKind, api: OpenAIApi): OpenAIErrorShape {
  const invalid = 'invalid_request_error';
  switch (kind) {
    case 'context_overflow':
      return {
        status: 400,
        type: invalid,
        code: 'context_length_exceeded',
        param: api === 'responses' ? 'input' : 'messages',
        message: CONTEXT_MESSAGE[api],
      };
    case 'invalid_request':
      return { status: 400, type: invalid, code: null, param: null, message: 'Invalid request.' };
    case 'authentication':
      return {
        status: 401,
        type: invalid,
        code: 'invalid_api_key',
        param: null,
        message:
          'Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.',
      };
    case 'permission':
      return {
        status: 403,
        type: invalid,
        code: 'model_not_found',
        param: null,
        message: 'Project `proj_test` does not have access to model `gpt-5`',
      };
    case 'not_found':
      return {
        status: 404,
        type: invalid,
        code: 'model_not_found',
        param: null,
        message: 'The model `gpt-does-not-exist` does not exist or you do not have access to it.',
      };
    case 'request_too_large':
      return { status: 413, type: invalid, code: null, param: null, message: 'Request too large.' };
    case 'rate_limit':
      return {
        status: 429,
        type: 'tokens',
        code: 'rate_limit_exceeded',
        param: null,
        message:
          'Rate limit reached for gpt-5 in organization org-test on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000. Please try again in 2s. Visit https://platform.openai.com/account/rate-limits to learn more.',
      };
    case 'billing':
    case 'quota':
      return {
        status: 429,
        type: 'insufficient_quota',
        code: 'insufficient_quota',
        param: null,
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
      };
    case 'server':
      return {
        status: 500,
        type: 'server_error',
        code: null,
        param: null,
        message: 'The server had an error while processing your request. Sorry about that!',
      };
    case 'unavailable':
    case 'overloaded':
      return {
        status: 503,
        type: 'server_error',
        code: null,
        param: null,
        message: 'The server is overloaded or not ready yet.',
      };
  }
}

export function openAIErrorObject(kind: ErrorKind, api: OpenAIApi, message?: string) {
  const shape = shapeOf(kind, api);
  return { message: message ?? shape.message, type: shape.type, param: shape.param, code: shape.code };
}

export function openAIErrorReply(error: ScriptedHttpError, api: OpenAIApi, ids: IdFactory): Reply {
  const shape = shapeOf(error.kind, api);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-request-id': ids.openaiRequest(),
    'openai-version': '2020-10-01',
    'openai-processing-ms': '12',
    ...(error.kind === 'rate_limit'
      ? {
          'x-ratelimit-limit-tokens': '30000',
          'x-ratelimit-remaining-tokens': '0',
          'x-ratelimit-reset-tokens': '2s',
        }
      : {}),
    // OpenAI's SDK retries every 429 unless told not to; a spent quota is permanent.
    ...(error.kind === 'quota' || error.kind === 'billing' ? { 'x-should-retry': 'false' } : {}),
    ...retryHeaders(error),
  };
  // OpenAI pretty-prints error bodies with four-space indentation.
  const body = `${JSON.stringify({ error: openAIErrorObject(error.kind, api, error.message) }, null, 4)}\n`;
  return { status: error.status ?? shape.status, headers, body };
}

/** A 400 `invalid_request_error` with the API's own message and `param`. */
export function openAIInvalidRequest(
  message: string,
  param: string | null,
  ids: IdFactory,
  code: string | null = null,
): Reply {
  const reply = openAIErrorReply({ kind: 'invalid_request' }, 'chat', ids);
  const body = `${JSON.stringify({ error: { message, type: 'invalid_request_error', param, code } }, null, 4)}\n`;
  return { ...reply, body };
}

export function openAIResponseHeaders(ids: IdFactory, stream: boolean): Record<string, string> {
  return {
    'content-type': stream ? 'text/event-stream; charset=utf-8' : 'application/json',
    'x-request-id': ids.openaiRequest(),
    'openai-version': '2020-10-01',
    'openai-processing-ms': '12',
  };
}

/** Both OpenAI APIs refuse a request without `model` in the same words. */
export function missingModel(body: Record<string, unknown>, ids: IdFactory): Reply | undefined {
  return typeof body.model === 'string'
    ? undefined
    : openAIInvalidRequest(
        "Missing required parameter: 'model'.",
        'model',
        ids,
        'missing_required_parameter',
      );
}
