import { classifyProviderError } from '../../errors/classify-error.js';
import { failureText } from '../../errors/failure-text.js';
import { parseRetryAfter } from '../../errors/retry-after.js';
import {
  AbortError,
  NetworkError,
  RequestTimeoutError,
  SDKError,
  StreamError,
} from '../../errors/sdk-error.js';
import type { ErrorBodyCapture } from './error-body-capture.js';
import type { OpenAISdk } from './load-openai-sdk.js';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A message as text; Mistral sends validation details as an object where the message goes. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  return isRecord(value) || Array.isArray(value) ? JSON.stringify(value) : undefined;
}

/**
 * In-stream errors carry no HTTP status; their `type` / `code` says what the status would have
 * been, so they classify like the HTTP error they stand for (an in-stream `server_error` is a
 * retryable ServerError, not an unknown failure).
 */
const STATUS_BY_CODE: Record<string, number> = {
  server_error: 500,
  api_error: 500,
  internal_error: 500,
  overloaded_error: 503,
  service_unavailable: 503,
  rate_limit_exceeded: 429,
  rate_limit_error: 429,
  tokens: 429,
  requests: 429,
  invalid_request_error: 400,
  invalid_prompt: 400,
  authentication_error: 401,
  invalid_api_key: 401,
  permission_error: 403,
  not_found_error: 404,
  model_not_found: 404,
};

export interface FailureContext {
  provider: string;
  /** The HTTP status, when the failure came with one. */
  status?: number | undefined;
  headers?: Pick<Headers, 'get'> | undefined;
  cause?: unknown;
}

/**
 * Classifies an OpenAI-style error payload: `{error:{message,type,code,param}}`, a bare error
 * object, the `{object:"error",message,type,code}` shape of vLLM and Mistral, OpenRouter's
 * numeric `code`, or `{detail}`. The whole body is kept as `raw`.
 */
export function classifyOpenAIFailure(
  body: unknown,
  context: FailureContext,
  fallbackMessage: string,
): SDKError {
  const inner = isRecord(body) && isRecord(body.error) ? body.error : isRecord(body) ? body : {};
  const outer = isRecord(body) ? body : {};
  const message =
    text(inner.message) ??
    text(outer.message) ??
    text(outer.detail) ??
    (typeof body === 'string' ? text(body) : undefined) ??
    fallbackMessage;
  const codes = [inner.code, inner.type, outer.code, outer.type].filter(
    (code): code is string => typeof code === 'string' && code !== '',
  );
  const numericCode = [inner.code, outer.code].find(
    (code): code is number => typeof code === 'number' && code >= 400 && code < 600,
  );
  const status =
    context.status ?? numericCode ?? codes.map((code) => STATUS_BY_CODE[code]).find((s) => s !== undefined);
  const retryAfter = context.headers ? parseRetryAfter(context.headers as Headers, body) : undefined;
  return classifyProviderError({
    provider: context.provider,
    ...(status !== undefined ? { status } : {}),
    message,
    codes,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    raw: body,
    cause: context.cause,
  });
}

function parseBody(bodyText: string | undefined): unknown {
  if (bodyText === undefined) return undefined;
  try {
    return JSON.parse(bodyText);
  } catch {
    return bodyText;
  }
}

export interface ErrorTranslation {
  provider: string;
  sdk: OpenAISdk;
  capture?: ErrorBodyCapture;
  /** The caller's signal: once it has fired, whatever broke is reported as AbortError. */
  signal?: AbortSignal | undefined;
  /** Where the failure happened: before the response started, or while its stream was read. */
  phase: 'request' | 'stream';
  requestTimeoutMs?: number;
}

/**
 * Maps whatever the SDK (or the transport under it) threw to the typed hierarchy: HTTP errors via
 * classifyProviderError with the provider's own message, codes, Retry-After and body; in-stream
 * error frames likewise; abort, timeout and connection failures to their own classes; anything
 * that breaks a stream already under way (reset, malformed frame) to StreamError.
 */
export function toSdkError(error: unknown, translation: ErrorTranslation): SDKError {
  const { sdk, provider } = translation;
  if (error instanceof SDKError) return error;
  if (translation.signal?.aborted || error instanceof sdk.APIUserAbortError) {
    return new AbortError(undefined, { cause: error });
  }
  if (error instanceof sdk.APIConnectionTimeoutError) {
    const limit = translation.requestTimeoutMs;
    return new RequestTimeoutError(
      limit === undefined
        ? `${provider}: no response arrived in time.`
        : `${provider}: no response arrived within ${limit} ms.`,
      { cause: error },
    );
  }
  if (error instanceof sdk.APIConnectionError) {
    return translation.phase === 'stream'
      ? new StreamError(`${provider}: the stream broke: ${failureText(error)}`, { cause: error })
      : new NetworkError(`${provider}: ${failureText(error)}`, { cause: error });
  }
  if (error instanceof sdk.APIError) {
    const captured = parseBody(translation.capture?.bodyFor(error.headers));
    // HTTP error: the captured body is the whole truth. In-stream error frame: the SDK holds it.
    const body = captured ?? (error.error === undefined ? undefined : { error: error.error });
    return classifyOpenAIFailure(
      body,
      { provider, status: error.status, headers: error.headers, cause: error },
      error.message,
    );
  }
  if (isAbortLike(error)) return new AbortError(undefined, { cause: error });
  const message = failureText(error);
  if (translation.phase === 'stream') {
    return new StreamError(`${provider}: the stream broke: ${message}`, { cause: error });
  }
  return new NetworkError(`${provider}: ${message}`, { cause: error });
}

function isAbortLike(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
