import type { IdFactory } from '../../script/ids.js';
import type { ErrorKind, ScriptedHttpError } from '../../script/scripted-turn.js';
import { type Reply, retryHeaders } from '../protocol.js';

/** Anthropic's status, `error.type` and usual message for each error kind. */
const ANTHROPIC_ERRORS: Record<ErrorKind, { status: number; type: string; message: string }> = {
  context_overflow: {
    status: 400,
    type: 'invalid_request_error',
    message: 'prompt is too long: 208310 tokens > 200000 maximum',
  },
  invalid_request: { status: 400, type: 'invalid_request_error', message: 'Invalid request.' },
  authentication: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  billing: {
    status: 402,
    type: 'billing_error',
    message:
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
  },
  permission: {
    status: 403,
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  not_found: { status: 404, type: 'not_found_error', message: 'model: claude-does-not-exist' },
  request_too_large: {
    status: 413,
    type: 'request_too_large',
    message: 'Request exceeds the maximum allowed number of bytes.',
  },
  rate_limit: {
    status: 429,
    type: 'rate_limit_error',
    message:
      'This request would exceed the rate limit for your organization of 30,000 input tokens per minute. Please try again later.',
  },
  quota: {
    status: 429,
    type: 'rate_limit_error',
    message:
      'You have reached your specified API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
  },
  server: { status: 500, type: 'api_error', message: 'Internal server error' },
  unavailable: { status: 503, type: 'api_error', message: 'Service unavailable' },
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
};

export function anthropicErrorReply(error: ScriptedHttpError, ids: IdFactory): Reply {
  const known = ANTHROPIC_ERRORS[error.kind];
  const requestId = ids.anthropicRequest();
  const body = {
    type: 'error',
    error: { type: known.type, message: error.message ?? known.message },
    request_id: requestId,
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'request-id': requestId,
    // A spent quota is not worth retrying; the SDKs obey this header over their own rules.
    ...(error.kind === 'quota' ? { 'x-should-retry': 'false' } : {}),
    ...retryHeaders(error),
  };
  return { status: error.status ?? known.status, headers, body: JSON.stringify(body) };
}

/** The `error` event Anthropic sends inside a stream that has already started. */
export function anthropicStreamErrorData(kind: ErrorKind, message: string | undefined): string {
  const known = ANTHROPIC_ERRORS[kind];
  return JSON.stringify({
    type: 'error',
    error: { details: null, type: known.type, message: message ?? known.message },
  });
}

/** A 400 with an `invalid_request_error` body, as the API answers a malformed request. */
export function anthropicInvalidRequest(message: string, ids: IdFactory): Reply {
  return anthropicErrorReply({ kind: 'invalid_request', message }, ids);
}
