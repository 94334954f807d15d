import type { APIError } from '@anthropic-ai/sdk';
import { classifyProviderError } from '../../errors/classify-error.js';
import { failureText } from '../../errors/failure-text.js';
import { parseRetryAfter } from '../../errors/retry-after.js';
import {
  AbortError,
  NetworkError,
  ProviderError,
  QuotaExceededError,
  RequestTimeoutError,
  SDKError,
} from '../../errors/sdk-error.js';
import type { AnthropicSdk } from './load-sdk.js';

/**
 * The HTTP status each `error.type` comes with, for errors the API reports inside a stream that
 * already answered 200 (the SDK raises them with no status). With it, an in-stream
 * `overloaded_error` is classified exactly as a 529 would be: a retryable ServerError.
 */
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/**
 * A spend or usage limit: waiting a few seconds will not help. Over HTTP the API says so with
 * `x-should-retry: false` (and newer bodies with an `error_code`); inside a stream only the
 * wording tells it apart from a rate limit.
 */
const SPEND_LIMIT_CODE = /spend_limit|usage_limit|quota/;
const SPEND_LIMIT_MESSAGE = /specified API usage limits|spend limit/i;

/**
 * Turns whatever the SDK threw into the typed hierarchy: the caller's abort → AbortError, the
 * SDK's connect/header timeout → RequestTimeoutError, a connection failure → NetworkError, an
 * API error (HTTP or in-stream) → the class `classifyProviderError` picks from the status, the
 * body's `error.type` and message, with `retryAfter` and the body as `raw`. Anything else is
 * handed to `otherwise` (a stream reports it as a StreamError).
 */
export function mapAnthropicError(
  error: unknown,
  sdk: AnthropicSdk,
  provider: string,
  signal: AbortSignal | undefined,
  otherwise: (error: unknown) => SDKError,
): SDKError {
  if (error instanceof SDKError) return error;
  if (signal?.aborted || error instanceof sdk.APIUserAbortError) {
    return new AbortError('The request was aborted.', { cause: error });
  }
  if (error instanceof sdk.APIConnectionTimeoutError) {
    return new RequestTimeoutError(`${provider}: no response before the request timeout.`, { cause: error });
  }
  if (error instanceof sdk.APIConnectionError) {
    return new NetworkError(`${provider}: ${failureText(error)}`, { cause: error });
  }
  if (error instanceof sdk.APIError) return classifyApiError(error, provider);
  return otherwise(error);
}

function classifyApiError(error: APIError, provider: string): SDKError {
  const body = error.error as { error?: { message?: unknown; type?: unknown } } | undefined;
  const bodyMessage = typeof body?.error?.message === 'string' ? body.error.message : undefined;
  const status = error.status ?? (error.type ? STATUS_OF_TYPE[error.type] : undefined);
  const classified = classifyProviderError({
    provider,
    ...(status !== undefined ? { status } : {}),
    message: error.apiMessage ?? bodyMessage ?? error.message,
    codes: [error.type, error.errorCode],
    retryAfter: parseRetryAfter(error.headers, body),
    raw: body,
    cause: error,
  });
  const noRetry = error.headers?.get('x-should-retry') === 'false';
  const spendLimit =
    (error.errorCode !== null && SPEND_LIMIT_CODE.test(error.errorCode)) ||
    SPEND_LIMIT_MESSAGE.test(bodyMessage ?? '');
  if (classified instanceof ProviderError && classified.statusCode === 429 && (noRetry || spendLimit)) {
    return new QuotaExceededError(classified.message, {
      provider,
      statusCode: 429,
      ...(classified.errorCode !== undefined ? { errorCode: classified.errorCode } : {}),
      ...(classified.retryAfter !== undefined ? { retryAfter: classified.retryAfter } : {}),
      raw: classified.raw,
      cause: error,
    });
  }
  return classified;
}
