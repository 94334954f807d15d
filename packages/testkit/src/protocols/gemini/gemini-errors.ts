import type { ErrorKind, ScriptedHttpError } from '../../script/scripted-turn.js';
import type { Reply } from '../protocol.js';

interface GeminiErrorShape {
  code: number;
  status: string;
  message: string;
}

const QUOTA_MESSAGE =
  'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.';

const GEMINI_ERRORS: Record<ErrorKind, GeminiErrorShape> = {
  context_overflow: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).',
  },
  invalid_request: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: 'Request contains an invalid argument.',
  },
  // Gemini answers a bad API key with 400, not 401.
  authentication: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: 'API key not valid. Please pass a valid API key.',
  },
  permission: { code: 403, status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  billing: { code: 429, status: 'RESOURCE_EXHAUSTED', message: QUOTA_MESSAGE },
  not_found: {
    code: 404,
    status: 'NOT_FOUND',
    message:
      'models/gemini-does-not-exist is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
  },
  request_too_large: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: 'Request payload size exceeds the limit: 20971520 bytes.',
  },
  rate_limit: { code: 429, status: 'RESOURCE_EXHAUSTED', message: QUOTA_MESSAGE },
  quota: { code: 429, status: 'RESOURCE_EXHAUSTED', message: QUOTA_MESSAGE },
  server: {
    code: 500,
    status: 'INTERNAL',
    message:
      'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  },
  unavailable: {
    code: 503,
    status: 'UNAVAILABLE',
    message: 'The model is overloaded. Please try again later.',
  },
  overloaded: {
    code: 503,
    status: 'UNAVAILABLE',
    message: 'The model is overloaded. Please try again later.',
  },
};

function details(error: ScriptedHttpError): unknown[] | undefined {
  if (error.kind === 'authentication') {
    return [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
      {
        '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
        locale: 'en-US',
        message: 'API key not valid. Please pass a valid API key.',
      },
    ];
  }
  if (error.kind !== 'rate_limit' && error.kind !== 'quota' && error.kind !== 'billing') return undefined;
  const daily = error.kind !== 'rate_limit';
  const list: unknown[] = [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [
        {
          quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
          quotaId: daily
            ? 'GenerateRequestsPerDayPerProjectPerModel-FreeTier'
            : 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
          quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
          quotaValue: daily ? '250' : '10',
        },
      ],
    },
    {
      '@type': 'type.googleapis.com/google.rpc.Help',
      links: [
        {
          description: 'Learn more about Gemini API quotas',
          url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
        },
      ],
    },
  ];
  // Gemini puts its retry hint in the body, not in a header.
  const seconds =
    error.retryAfterSeconds ?? (error.retryAfterMs === undefined ? undefined : error.retryAfterMs / 1000);
  if (seconds !== undefined)
    list.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` });
  return list;
}

export function geminiErrorObject(error: ScriptedHttpError) {
  const shape = GEMINI_ERRORS[error.kind];
  const extra = details(error);
  return {
    code: error.status ?? shape.code,
    message: error.message ?? shape.message,
    status: shape.status,
    ...(extra ? { details: extra } : {}),
  };
}

export function geminiErrorReply(error: ScriptedHttpError): Reply {
  const object = geminiErrorObject(error);
  return {
    status: object.code,
    headers: { 'content-type': 'application/json; charset=UTF-8', ...(error.headers ?? {}) },
    // Gemini pretty-prints error bodies with two-space indentation.
    body: `${JSON.stringify({ error: object }, null, 2)}\n`,
  };
}

export function geminiInvalidArgument(message: string): Reply {
  return geminiErrorReply({ kind: 'invalid_request', message });
}
