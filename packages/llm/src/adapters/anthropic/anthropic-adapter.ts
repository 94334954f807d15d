import type Anthropic from '@anthropic-ai/sdk';
import { failureText } from '../../errors/failure-text.js';
import { AbortError, ConfigurationError, SDKError, StreamError } from '../../errors/sdk-error.js';
import type { Request } from '../../types/request.js';
import type { Response } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import type { CallOptions, ProviderAdapter } from '../provider-adapter.js';
import { StreamGuard } from '../shared/stream-guard.js';
import type { AnthropicAdapterOptions } from './anthropic-options.js';
import { type AnthropicSdk, loadAnthropicSdk } from './load-sdk.js';
import { mapAnthropicError } from './map-error.js';
import { type AnthropicRequestPlan, buildAnthropicRequest } from './request/build-request.js';
import { parseRateLimit } from './response/rate-limit.js';
import { type AnthropicMessage, responseFromMessage } from './response/translate-response.js';
import { parseServerEvent } from './stream/parse-event.js';
import { AnthropicStreamTranslator } from './stream/stream-translator.js';
import { ANTHROPIC_TOOL_CALL_ID_RULE } from './tool-call-id-rule.js';

const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 30_000;

type RequestOptions = NonNullable<Parameters<Anthropic['messages']['create']>[1]>;

interface Connection {
  sdk: AnthropicSdk;
  client: Anthropic;
}

/**
 * The Anthropic Messages API (`POST /v1/messages`) behind the unified model, on the official
 * `@anthropic-ai/sdk` with its own retries off (the client's retry policy is the only one). The
 * SDK is loaded on first use. Safe for concurrent calls: it holds no per-request state.
 */
export class AnthropicAdapter implements ProviderAdapter {
  readonly name = 'anthropic';
  readonly toolCallIdRule = ANTHROPIC_TOOL_CALL_ID_RULE;

  private readonly apiKey: string;
  private readonly options: AnthropicAdapterOptions;
  private connecting: Promise<Connection> | undefined;

  constructor(options: AnthropicAdapterOptions = {}) {
    const apiKey = options.apiKey ?? process.env.ANTHROPIC_API_KEY;
    if (apiKey === undefined || apiKey === '') {
      throw new ConfigurationError(
        'AnthropicAdapter needs an apiKey (or ANTHROPIC_API_KEY in the environment).',
      );
    }
    this.apiKey = apiKey;
    this.options = options;
  }

  /** Loads the SDK ahead of the first call (the client calls this when the adapter is registered). */
  async initialize(): Promise<void> {
    await this.connection();
  }

  supportsToolChoice(_mode: 'auto' | 'none' | 'required' | 'named'): boolean {
    return true;
  }

  async complete(request: Request, options: CallOptions = {}): Promise<Response> {
    const plan = await this.plan(request);
    const { sdk, client } = await this.connection();
    let message: AnthropicMessage;
    let headers: Headers;
    try {
      const { data, response } = await client.messages
        .create({ ...plan.body, stream: false }, this.requestOptions(plan, options))
        .withResponse();
      message = data;
      headers = response.headers;
    } catch (error) {
      throw mapAnthropicError(error, sdk, this.name, options.signal, (cause) => this.unexpected(cause));
    }
    return responseFromMessage(message, message, {
      provider: this.name,
      warnings: plan.warnings,
      rateLimit: parseRateLimit(headers),
    });
  }

  async *stream(request: Request, options: CallOptions = {}): AsyncGenerator<StreamEvent> {
    const plan = await this.plan(request);
    const { sdk, client } = await this.connection();
    const { signal } = options;
    // Ours to close the connection with (on stall, or when the reader stops early); the caller's
    // signal closes it too.
    const closer = new AbortController();
    const requestSignal = signal === undefined ? closer.signal : AbortSignal.any([signal, closer.signal]);
    let response: globalThis.Response;
    try {
      response = await client.messages
        .create(
          { ...plan.body, stream: true },
          { ...this.requestOptions(plan, options), signal: requestSignal },
        )
        .asResponse();
    } catch (error) {
      throw mapAnthropicError(error, sdk, this.name, signal, (cause) => this.unexpected(cause));
    }

    const translator = new AnthropicStreamTranslator({
      provider: this.name,
      warnings: plan.warnings,
      rateLimit: parseRateLimit(response.headers),
    });
    const idleMs =
      options.streamIdleTimeoutMs ?? this.options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
    const guard = new StreamGuard(idleMs, signal, () => closer.abort());
    const out: StreamEvent[] = [];
    // The SDK's SSE parser, read directly rather than through its typed message stream (which
    // only skips pings, raises `error` events and parses JSON, as parseServerEvent does): one
    // async-iterator layer less per event on long streams.
    try {
      for await (const sse of sdk.readServerSentEvents(response)) {
        guard.received();
        const event = parseServerEvent(sse, sdk, response.headers);
        if (event !== undefined) {
          translator.accept(event, out);
          for (const unified of out) yield unified;
          out.length = 0;
        }
        guard.waiting();
      }
    } catch (error) {
      throw (
        guard.reason ??
        mapAnthropicError(
          error,
          sdk,
          this.name,
          signal,
          (cause) => new StreamError(`${this.name}: the stream broke: ${failureText(cause)}`, { cause }),
        )
      );
    } finally {
      guard.dispose();
      // Whatever ended the loop early (an error, the reader stopping), the connection must not linger.
      if (!translator.finished) closer.abort();
    }
    if (guard.reason !== undefined) throw guard.reason;
    if (signal?.aborted) throw new AbortError();
    if (!translator.finished) {
      throw new StreamError(`${this.name}: the stream ended before message_stop; the answer is incomplete.`);
    }
  }

  private plan(request: Request): Promise<AnthropicRequestPlan> {
    return buildAnthropicRequest(request, {
      provider: this.name,
      toolCallIdRule: this.toolCallIdRule,
      defaultBeta: headerValue(this.options.defaultHeaders, 'anthropic-beta'),
    });
  }

  private requestOptions(plan: AnthropicRequestPlan, options: CallOptions): RequestOptions {
    return {
      maxRetries: 0,
      timeout: options.requestTimeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      headers: plan.headers,
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    };
  }

  private connection(): Promise<Connection> {
    this.connecting ??= loadAnthropicSdk().then((sdk) => ({
      sdk,
      client: new sdk.Anthropic({
        apiKey: this.apiKey,
        maxRetries: 0,
        timeout: this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        ...(this.options.baseUrl !== undefined ? { baseURL: this.options.baseUrl } : {}),
        ...(this.options.defaultHeaders !== undefined ? { defaultHeaders: this.options.defaultHeaders } : {}),
        ...(this.options.fetch !== undefined ? { fetch: this.options.fetch } : {}),
      }),
    }));
    return this.connecting;
  }

  private unexpected(cause: unknown): SDKError {
    return new SDKError(`${this.name}: ${failureText(cause)}`, { cause });
  }
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}
