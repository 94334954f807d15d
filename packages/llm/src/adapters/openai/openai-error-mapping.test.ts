import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ContextLengthError,
  InvalidRequestError,
  ProviderError,
  RateLimitError,
  ServerError,
} from '../../errors/sdk-error.js';
import { classifyOpenAIFailure } from './openai-error-mapping.js';

// Bodies as the servers send them; the SDK would keep only an `error` member, which most lack.
describe('classifyOpenAIFailure', () => {
  it('reads vLLM’s top-level error object, whose numeric code is the status', () => {
    const body = {
      object: 'error',
      message:
        "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).",
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
    const error = classifyOpenAIFailure(body, { provider: 'vllm', status: 400 }, 'fallback');
    expect(error).toBeInstanceOf(ContextLengthError);
    expect(error).toMatchObject({ provider: 'vllm', statusCode: 400, raw: body });
  });

  it('turns Mistral’s object-valued message into text', () => {
    const body = {
      object: 'error',
      message: {
        detail: [
          { type: 'extra_forbidden', loc: ['body', 'stream_options'], msg: 'Extra inputs are not permitted' },
        ],
      },
      type: 'invalid_request_error',
      param: null,
      code: null,
    };
    const error = classifyOpenAIFailure(body, { provider: 'mistral', status: 422 }, 'fallback');
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toContain('Extra inputs are not permitted');
    expect(error).toMatchObject({ errorCode: 'invalid_request_error' });
  });

  it('reads FastAPI’s {detail} and falls back to the given message for an empty body', () => {
    expect(
      classifyOpenAIFailure({ detail: 'Not authenticated' }, { provider: 'x', status: 401 }, 'fb'),
    ).toBeInstanceOf(AuthenticationError);
    expect(
      classifyOpenAIFailure(undefined, { provider: 'x', status: 502 }, '502 Bad Gateway').message,
    ).toContain('502 Bad Gateway');
  });

  it('classifies in-stream errors (no HTTP status) by their type or code', () => {
    const server = classifyOpenAIFailure(
      { error: { type: 'server_error', code: null, message: 'Sorry, something went wrong.' } },
      { provider: 'openai' },
      'fb',
    );
    expect(server).toBeInstanceOf(ServerError);
    expect(server).toMatchObject({ retryable: true });
    const limited = classifyOpenAIFailure(
      { type: 'error', code: 'rate_limit_exceeded', message: 'Slow down.', param: null },
      { provider: 'openai' },
      'fb',
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    // OpenRouter reports upstream failures with a numeric code inside an error object.
    const upstream = classifyOpenAIFailure(
      { error: { code: 502, message: 'Upstream provider error', metadata: { provider_name: 'X' } } },
      { provider: 'openrouter' },
      'fb',
    );
    expect(upstream).toBeInstanceOf(ServerError);
    expect(upstream).toMatchObject({ statusCode: 502 });
    const unknown = classifyOpenAIFailure({ error: { message: 'Something odd.' } }, { provider: 'x' }, 'fb');
    expect(unknown.constructor).toBe(ProviderError);
  });

  it('reads Retry-After from the headers', () => {
    const error = classifyOpenAIFailure(
      { error: { type: 'requests', code: 'rate_limit_exceeded', message: 'Slow down.' } },
      { provider: 'groq', status: 429, headers: new Headers({ 'retry-after': '12' }) },
      'fb',
    );
    expect(error).toMatchObject({ retryAfter: 12 });
  });
});
