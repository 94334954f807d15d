/**
 * The root of every error @weft/llm throws. `retryable` says whether the same request may
 * succeed if sent again; the retry policy reads nothing else.
 */
export class SDKError extends Error {
  override name = 'SDKError';
  readonly retryable: boolean;

  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Unknown failures default to retryable, as the spec says: a transient fault is the likelier cause.
    this.retryable = options.retryable ?? true;
  }
}

export interface ProviderErrorDetails {
  provider: string;
  /** The HTTP status, when there was a response. */
  statusCode?: number;
  /** The provider's own code or type ('context_length_exceeded', 'overloaded_error', 'RESOURCE_EXHAUSTED'). */
  errorCode?: string;
  /** Seconds the provider asked us to wait, from `retry-after-ms`, `retry-after` or Gemini's RetryInfo. */
  retryAfter?: number;
  /** The parsed error body. */
  raw?: unknown;
  cause?: unknown;
  retryable?: boolean;
}

/** An error the provider reported. */
export class ProviderError extends SDKError {
  override name = 'ProviderError';
  readonly provider: string;
  readonly statusCode: number | undefined;
  readonly errorCode: string | undefined;
  readonly retryAfter: number | undefined;
  readonly raw: unknown;

  constructor(message: string, details: ProviderErrorDetails) {
    super(message, {
      cause: details.cause,
      retryable: details.retryable ?? (new.target as { defaultRetryable?: boolean }).defaultRetryable ?? true,
    });
    this.provider = details.provider;
    this.statusCode = details.statusCode;
    this.errorCode = details.errorCode;
    this.retryAfter = details.retryAfter;
    this.raw = details.raw;
  }
}

/** 401: the key is missing, wrong or revoked. */
export class AuthenticationError extends ProviderError {
  static defaultRetryable = false;
  override name = 'AuthenticationError';
}
/** 403: the key may not use this model or resource. */
export class AccessDeniedError extends ProviderError {
  static defaultRetryable = false;
  override name = 'AccessDeniedError';
}
/** 404: unknown model or endpoint. */
export class NotFoundError extends ProviderError {
  static defaultRetryable = false;
  override name = 'NotFoundError';
}
/** 400 / 422: the request is malformed; sending it again cannot help. */
export class InvalidRequestError extends ProviderError {
  static defaultRetryable = false;
  override name = 'InvalidRequestError';
}
/** The input (plus max output) does not fit the model's context window. */
export class ContextLengthError extends ProviderError {
  static defaultRetryable = false;
  override name = 'ContextLengthError';
}
/** 429: too many requests or tokens for now; retry after `retryAfter`. */
export class RateLimitError extends ProviderError {
  static defaultRetryable = true;
  override name = 'RateLimitError';
}
/** A spent quota or credit balance: waiting a few seconds will not help. */
export class QuotaExceededError extends ProviderError {
  static defaultRetryable = false;
  override name = 'QuotaExceededError';
}
/** 5xx, including Anthropic's 529 overloaded. */
export class ServerError extends ProviderError {
  static defaultRetryable = true;
  override name = 'ServerError';
}
/** The provider refused the input or output on safety grounds. */
export class ContentFilterError extends ProviderError {
  static defaultRetryable = false;
  override name = 'ContentFilterError';
}

/** 408, or a connect / request / stream-idle timeout of ours. Not retried unless a policy opts in. */
export class RequestTimeoutError extends SDKError {
  override name = 'RequestTimeoutError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}
/** The caller aborted. Never retried. */
export class AbortError extends SDKError {
  override name = 'AbortError';
  constructor(message = 'The request was aborted.', options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}
/**
 * The connection failed or broke before a response arrived. Retryable, unless a proxy refused the
 * request with a 4xx (credentials or policy: sending it again cannot help) or a proxy variable
 * is unusable (see `@weft/llm/node-http-fetch`).
 */
export class NetworkError extends SDKError {
  override name = 'NetworkError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: !isLastingProxyFailure(options.cause) });
  }
}

/** A ProxySettingError, or a ProxyError with a 4xx status, anywhere in the chain of causes. */
function isLastingProxyFailure(cause: unknown): boolean {
  // By name: the transport's classes live in their own entry, which this one must not load.
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause.name === 'ProxySettingError') return true;
    const status = (cause as { status?: unknown }).status;
    if (cause.name === 'ProxyError' && typeof status === 'number' && status >= 400 && status < 500)
      return true;
    cause = cause.cause;
  }
  return false;
}
/** A stream broke after it started: cut, malformed, or ended without its terminal event. */
export class StreamError extends SDKError {
  override name = 'StreamError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: true });
  }
}
/** The model called a tool with arguments that do not parse or validate. */
export class InvalidToolCallError extends SDKError {
  override name = 'InvalidToolCallError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}
/** The provider cannot honour the requested tool-choice mode. */
export class UnsupportedToolChoiceError extends SDKError {
  override name = 'UnsupportedToolChoiceError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}
/** generateObject could not get output that parses and validates against the schema. */
export class NoObjectGeneratedError extends SDKError {
  override name = 'NoObjectGeneratedError';
  readonly text: string | undefined;
  constructor(message: string, options: { cause?: unknown; text?: string } = {}) {
    super(message, { ...options, retryable: false });
    this.text = options.text;
  }
}
/** The client is not set up to serve the request (no provider, no key, bad option). */
export class ConfigurationError extends SDKError {
  override name = 'ConfigurationError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
  }
}
