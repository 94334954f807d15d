import { AbortError, ConfigurationError, StreamError } from '../../errors/sdk-error.js';
import type { Request } from '../../types/request.js';
import type { Response } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { loadOpenAISseDecoder } from '../openai/load-openai-sdk.js';
import { createOpenAIClient, type OpenAIClientHandle } from '../openai/openai-client.js';
import { classifyOpenAIFailure, toSdkError } from '../openai/openai-error-mapping.js';
import { prepareCall } from '../openai/prepare-call.js';
import { repairRequest } from '../openai/prepare-request.js';
import { parseRateLimitHeaders } from '../openai/rate-limit-headers.js';
import type { CallOptions, ProviderAdapter, ToolCallIdRule } from '../provider-adapter.js';
import { withIdleTimeout } from '../shared/idle-timeout.js';
import { type ChatQuirks, resolveChatQuirks } from './chat-quirks.js';
import { toChatRequest } from './chat-request.js';
import { fromChatCompletion } from './chat-response.js';
import { chatFrame } from './chat-sse.js';
import { ChatStreamDecoder } from './chat-stream-decoder.js';

export interface OpenAICompatibleAdapterOptions {
  /** The name requests route by and `providerOptions` are keyed by. Default 'openai-compatible'. */
  name?: string;
  /** The server's base URL, up to and including its version segment (`http://localhost:11434/v1`). */
  baseUrl: string;
  /** Absent for servers that need none (Ollama, LM Studio, a local vLLM): no Authorization header is sent. */
  apiKey?: string;
  defaultHeaders?: Record<string, string>;
  /** Which preset of quirks to start from. Default: the adapter's name (see CHAT_QUIRK_PRESETS). */
  preset?: string;
  /** Overrides on top of the preset. */
  quirks?: Partial<ChatQuirks>;
  /** Default for calls that set none: how long to wait for the response headers. Default 120 000. */
  requestTimeoutMs?: number;
  /** Default for calls that set none: the longest silence in a stream. Default 30 000. */
  streamIdleTimeoutMs?: number;
  /**
   * The fetch the SDK makes its calls with, such as `createNodeHttpFetch({ proxyEnv })` from
   * `@weft/llm/node-http-fetch` to go through a proxy. Default: the global fetch.
   */
  fetch?: typeof fetch;
}

type UnknownRecord = Record<string, unknown>;

/**
 * Any server that speaks OpenAI's Chat Completions (`POST …/chat/completions`): Ollama, vLLM,
 * LM Studio, OpenRouter, Groq, DeepSeek, xAI, Mistral and the like, through the official `openai`
 * SDK (loaded on first use, its retries off). How each server departs from OpenAI is data: a
 * preset of quirks chosen by name, overridable per adapter.
 */
export class OpenAICompatibleAdapter implements ProviderAdapter {
  readonly name: string;
  readonly quirks: ChatQuirks;
  private readonly options: OpenAICompatibleAdapterOptions;
  private handle: Promise<OpenAIClientHandle> | undefined;

  constructor(options: OpenAICompatibleAdapterOptions) {
    if (typeof options?.baseUrl !== 'string' || options.baseUrl === '') {
      throw new ConfigurationError('OpenAICompatibleAdapter needs the server’s baseUrl.');
    }
    this.options = options;
    this.name = options.name ?? 'openai-compatible';
    this.quirks = resolveChatQuirks(options.preset ?? this.name, options.quirks);
  }

  /** The tool-call ids this server accepts, from its quirks. */
  get toolCallIdRule(): ToolCallIdRule | undefined {
    return this.quirks.toolCallIdRule;
  }

  supportsToolChoice(_mode: 'auto' | 'none' | 'required' | 'named'): boolean {
    return true;
  }

  async complete(request: Request, options?: CallOptions): Promise<Response> {
    const { settings, body, warnings, client, translation } = await prepareCall(
      this.name,
      options,
      this.options,
      () => this.translate(request),
      () => this.client(),
    );
    try {
      const { data, response } = await client.chat.completions
        .create({ ...body, stream: false }, { signal: settings.signal, timeout: settings.requestTimeoutMs })
        .withResponse();
      const completion = data as unknown as UnknownRecord;
      // OpenRouter reports some upstream failures as a 200 whose body is an error.
      if (completion.error !== undefined && completion.error !== null) {
        throw classifyOpenAIFailure(
          completion,
          { provider: this.name, headers: response.headers },
          'The request failed.',
        );
      }
      return fromChatCompletion(completion, {
        provider: this.name,
        requestModel: request.model,
        reasoningFields: this.quirks.reasoningFields,
        warnings,
        rateLimit: parseRateLimitHeaders(response.headers),
      });
    } catch (error) {
      throw toSdkError(error, translation);
    }
  }

  async *stream(request: Request, options?: CallOptions): AsyncGenerator<StreamEvent> {
    const { settings, body, warnings, client, translation } = await prepareCall(
      this.name,
      options,
      this.options,
      () => this.translate(request),
      () => this.client(),
    );
    // Our own controller, linked to the caller's signal, lets the idle timeout close the connection.
    const connection = new AbortController();
    const signal = settings.signal
      ? AbortSignal.any([settings.signal, connection.signal])
      : connection.signal;
    const streamBody = {
      ...body,
      stream: true as const,
      ...(this.quirks.streamUsage ? { stream_options: { include_usage: true } } : {}),
    };
    let http: globalThis.Response;
    try {
      http = await client.chat.completions
        .create(streamBody, { signal, timeout: settings.requestTimeoutMs })
        .asResponse();
    } catch (error) {
      throw toSdkError(error, translation);
    }
    const decoder = new ChatStreamDecoder({
      provider: this.name,
      requestModel: request.model,
      reasoningFields: this.quirks.reasoningFields,
      warnings,
      rateLimit: parseRateLimitHeaders(http.headers),
    });
    const { _iterSSEMessages } = await loadOpenAISseDecoder();
    try {
      const messages = withIdleTimeout(
        _iterSSEMessages(http, connection),
        settings.streamIdleTimeoutMs,
        settings.signal,
        () => connection.abort(),
      );
      for await (const message of messages) {
        const frame = chatFrame(message, this.name);
        if (frame === undefined) continue;
        const events = frame.kind === 'done' ? decoder.end() : decoder.push(frame.chunk);
        for (const event of events) yield event;
        if (decoder.response) return;
      }
    } catch (error) {
      throw toSdkError(error, { ...translation, phase: 'stream' });
    }
    if (settings.signal?.aborted) throw new AbortError();
    throw new StreamError(`${this.name}: the stream ended without its closing [DONE].`);
  }

  async close(): Promise<void> {
    this.handle = undefined;
  }

  private async translate(request: Request) {
    const repaired = repairRequest(request, this.name, this.toolCallIdRule);
    const translated = await toChatRequest(repaired.request, this.name, this.quirks);
    return { body: translated.body, warnings: [...repaired.warnings, ...translated.warnings] };
  }

  private client(): Promise<OpenAIClientHandle> {
    this.handle ??= createOpenAIClient({
      apiKey: this.options.apiKey,
      baseUrl: this.options.baseUrl,
      defaultHeaders: this.options.defaultHeaders,
      fetch: this.options.fetch,
    });
    this.handle.catch(() => {
      this.handle = undefined;
    });
    return this.handle;
  }
}
