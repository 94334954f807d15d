import { isContextOverflowMessage } from './context-overflow.js';
import {
  AccessDeniedError,
  AuthenticationError,
  ContentFilterError,
  ContextLengthError,
  InvalidRequestError,
  NotFoundError,
  ProviderError,
  type ProviderErrorDetails,
  QuotaExceededError,
  RateLimitError,
  RequestTimeoutError,
  type SDKError,
  ServerError,
} from './sdk-error.js';

export interface ProviderFailure {
  provider: string;
  /** The HTTP status, if a response arrived. */
  status?: number;
  /** The provider's human-readable message. */
  message: string;
  /** A code or type from the body: OpenAI `code`/`type`, Anthropic `error.type`, Gemini `status`. */
  codes?: readonly (string | null | undefined)[];
  retryAfter?: number;
  raw?: unknown;
  cause?: unknown;
}

type ProviderErrorClass = new (message: string, details: ProviderErrorDetails) => ProviderError;

const BY_STATUS: Record<number, ProviderErrorClass> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: QuotaExceededError,
  403: AccessDeniedError,
  404: NotFoundError,
  413: ContextLengthError,
  422: InvalidRequestError,
  429: RateLimitError,
};

const BY_GRPC_STATUS: Record<string, ProviderErrorClass> = {
  INVALID_ARGUMENT: InvalidRequestError,
  FAILED_PRECONDITION: InvalidRequestError,
  UNAUTHENTICATED: AuthenticationError,
  PERMISSION_DENIED: AccessDeniedError,
  NOT_FOUND: NotFoundError,
  RESOURCE_EXHAUSTED: RateLimitError,
  UNAVAILABLE: ServerError,
  INTERNAL: ServerError,
};

const QUOTA_CODES = new Set(['insufficient_quota', 'billing_error', 'billing_hard_limit_reached']);
const CONTENT_FILTER_CODES = new Set(['content_filter', 'content_policy_violation']);

/**
 * Turns a provider's failure into the typed error the spec names: specific codes and messages
 * first (context overflow, spent quota, content filter), then the HTTP status, then Gemini's RPC
 * status, then the message text. 408 and DEADLINE_EXCEEDED become RequestTimeoutError.
 */
export function classifyProviderError(failure: ProviderFailure): SDKError {
  const codes = (failure.codes ?? []).filter((c): c is string => typeof c === 'string');
  const details: ProviderErrorDetails = {
    provider: failure.provider,
    ...(failure.status !== undefined ? { statusCode: failure.status } : {}),
    ...(codes[0] !== undefined ? { errorCode: codes[0] } : {}),
    ...(failure.retryAfter !== undefined ? { retryAfter: failure.retryAfter } : {}),
    raw: failure.raw,
    cause: failure.cause,
  };
  const message = `${failure.provider}: ${failure.message}`;
  const status = failure.status;

  if (status === 408 || codes.includes('DEADLINE_EXCEEDED')) {
    return new RequestTimeoutError(message, { cause: failure.cause });
  }
  if (codes.includes('context_length_exceeded') || isContextOverflowMessage(failure.message)) {
    return new ContextLengthError(message, details);
  }
  if (codes.some((c) => QUOTA_CODES.has(c)) || isDailyQuota(failure.raw))
    return new QuotaExceededError(message, details);
  if (codes.some((c) => CONTENT_FILTER_CODES.has(c))) return new ContentFilterError(message, details);
  // Gemini answers a bad key with 400 INVALID_ARGUMENT; the reason says what it really is.
  if (codes.includes('API_KEY_INVALID') || errorInfoReason(failure.raw) === 'API_KEY_INVALID') {
    return new AuthenticationError(message, details);
  }
  if (status !== undefined) {
    const ByStatus = BY_STATUS[status];
    if (ByStatus) return new ByStatus(message, details);
    if (status >= 500) return new ServerError(message, details);
  }
  for (const code of codes) {
    const ByGrpc = BY_GRPC_STATUS[code];
    if (ByGrpc) return new ByGrpc(message, details);
  }
  const text = failure.message.toLowerCase();
  if (/not found|does not exist/.test(text)) return new NotFoundError(message, details);
  if (/unauthori[sz]ed|invalid (api )?key/.test(text)) return new AuthenticationError(message, details);
  if (/too many tokens/.test(text)) return new ContextLengthError(message, details);
  if (/content filter|safety/.test(text)) return new ContentFilterError(message, details);
  return new ProviderError(message, details);
}

function errorInfoReason(raw: unknown): string | undefined {
  const details = (raw as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  const info = details.find((d) =>
    String((d as { '@type'?: unknown })?.['@type'] ?? '').endsWith('google.rpc.ErrorInfo'),
  );
  const reason = (info as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** Gemini reports a spent daily quota as RESOURCE_EXHAUSTED with a per-day quota id. */
function isDailyQuota(raw: unknown): boolean {
  const details = (raw as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (!Array.isArray(details)) return false;
  return details.some((detail) => {
    const violations = (detail as { violations?: unknown })?.violations;
    return (
      Array.isArray(violations) &&
      violations.some((v) => /PerDay/.test(String((v as { quotaId?: unknown })?.quotaId ?? '')))
    );
  });
}
