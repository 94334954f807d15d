import { classifyProviderError } from '../../errors/classify-error.js';
import { failureText } from '../../errors/failure-text.js';
import { parseRetryAfter } from '../../errors/retry-after.js';
import {
  AbortError,
  InvalidRequestError,
  NetworkError,
  ProviderError,
  RequestTimeoutError,
  SDKError,
  StreamError,
} from '../../errors/sdk-error.js';
import { GEMINI } from './provider-name.js';

/** What @google/genai throws for an HTTP error or an error frame: `ApiError{status, message}`. */
interface GeminiApiError {
  name: 'ApiError';
  status: number;
  message: string;
}

interface GeminiErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: unknown };
}

function isApiError(error: unknown): error is GeminiApiError {
  const candidate = error as Partial<GeminiApiError> | null;
  return candidate instanceof Error && candidate.name === 'ApiError' && typeof candidate.status === 'number';
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/**
 * The body inside an ApiError's message: the whole message for an HTTP error (the SDK stores
 * JSON.stringify(body)), the part after "got status: X. " for an in-stream error frame.
 */
function errorBody(message: string): GeminiErrorBody | undefined {
  const start = message.indexOf('{');
  if (start === -1) return undefined;
  try {
    const body: unknown = JSON.parse(message.slice(start));
    return body !== null && typeof body === 'object' ? (body as GeminiErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

function fromApiError(error: GeminiApiError): SDKError {
  const body = errorBody(error.message);
  return classifyProviderError({
    provider: GEMINI,
    status: error.status,
    message: body?.error?.message ?? error.message,
    codes: [body?.error?.status],
    retryAfter: parseRetryAfter(undefined, body),
    raw: body ?? error.message,
    cause: error,
  });
}

export interface ErrorContext {
  /** The caller's signal: when it fired, the failure is an abort whatever it looks like. */
  signal: AbortSignal | undefined;
  /** 'request' until the response has started, 'stream' while a stream's body is read. */
  phase: 'request' | 'stream';
  /** The request timeout in force, for the message when it fired. */
  requestTimeoutMs: number;
  /** Set when our own request timer aborted the call. */
  timedOut?: boolean;
}

/**
 * Any failure of a Gemini call as a typed SDKError. HTTP errors and error frames go through
 * classifyProviderError with the body's message, its RPC status as the code and RetryInfo as
 * `retryAfter`. The caller's abort is AbortError; an abort nobody asked for is the request
 * timeout. After a stream has started, anything else is StreamError. Before it, a TypeError is
 * fetch failing (NetworkError), a SyntaxError a body that is not JSON, and any other Error is the
 * SDK refusing to build the request (InvalidRequestError: sending it again cannot help).
 */
export function toGeminiError(error: unknown, context: ErrorContext): SDKError {
  if (error instanceof SDKError) return error;
  if (context.signal?.aborted) return new AbortError(undefined, { cause: error });
  if (isApiError(error)) return fromApiError(error);
  if (context.timedOut || (context.phase === 'request' && isAbort(error))) {
    return new RequestTimeoutError(`gemini: no response within ${context.requestTimeoutMs} ms.`, {
      cause: error,
    });
  }
  if (context.phase === 'stream') {
    return new StreamError(`gemini: the stream broke: ${failureText(error)}`, { cause: error });
  }
  if (error instanceof TypeError) {
    return new NetworkError(`gemini: the request failed: ${failureText(error)}`, { cause: error });
  }
  if (error instanceof SyntaxError) {
    return new ProviderError(`gemini: the response is not valid JSON: ${error.message}`, {
      provider: GEMINI,
      cause: error,
    });
  }
  return new InvalidRequestError(`gemini: ${failureText(error)}`, {
    provider: GEMINI,
    cause: error,
    retryable: false,
  });
}
