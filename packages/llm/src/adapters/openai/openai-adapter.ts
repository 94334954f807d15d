import { AbortError, ConfigurationError, StreamError } from '../../errors/sdk-error.js';
import type { Request } from '../../types/request.js';
import type { Response } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import type { CallOptions, ProviderAdapter, ToolCallIdRule } from '../provider-adapter.js';
import { withIdleTimeout } from '../shared/idle-timeout.js';
import { createOpenAIClient, type OpenAIClientHandle } from './openai-client.js';
import { toSdkError } from './openai-error-mapping.js';
import { prepareCall } from './prepare-call.js';
import { repairRequest } from './prepare-request.js';
import { parseRateLimitHeaders } from './rate-limit-headers.js';
import { toResponsesRequest } from './responses-request.js';
import { failedResponseError, fromResponsesResponse } from './responses-response.js';
import { ResponsesStreamDecoder } from './responses-stream-decoder.js';

export interface OpenAIAdapterOptions {
  apiKey: string;
  /** Default `https://api.openai.com/v1` (include the `/v1`). */
  baseUrl?: string;
  organization?: string;
  project?: string;
  /** Sent with every request (after the SDK's own headers, so they can override them). */
  defaultHeaders?: Record<string, string>;
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

/**
 * Responses `call_id`s: letters, digits, `_` and `-`, at most 64 characters. Ids from other
 * providers that do not fit (Gemini's synthesized ones may not) are rewritten by history repair.
 */
export const RESPONSES_TOOL_CALL_ID_RULE: ToolCallIdRule = { pattern: /^[A-Za-z0-9_-]+$/, maxLength: 64 };

/**
 * OpenAI on its native Responses API (`POST /v1/responses`) through the official `openai` SDK,
 * which is loaded on first use and runs with its own retries off.
 */
export class OpenAIAdapter implements ProviderAdapter {
  readonly name = 'openai';
  readonly toolCallIdRule: ToolCallIdRule = RESPONSES_TOOL_CALL_ID_RULE;
  private readonly options: OpenAIAdapterOptions;
  private handle: Promise<OpenAIClientHandle> | undefined;

  constructor(options: OpenAIAdapterOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey === '') {
      throw new ConfigurationError('OpenAIAdapter needs an apiKey (OPENAI_API_KEY).');
    }
    this.options = options;
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
      const { data, response } = await client.responses
        .create({ ...body, stream: false }, { signal: settings.signal, timeout: settings.requestTimeoutMs })
        .withResponse();
      if (data.status === 'failed') throw failedResponseError(data, this.name);
      return fromResponsesResponse(data, {
        provider: this.name,
        requestModel: request.model,
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
    const openStream = () =>
      client.responses
        .create({ ...body, stream: true }, { signal: settings.signal, timeout: settings.requestTimeoutMs })
        .withResponse();
    let opened: Awaited<ReturnType<typeof openStream>>;
    try {
      opened = await openStream();
    } catch (error) {
      throw toSdkError(error, translation);
    }
    const events = opened.data;
    const decoder = new ResponsesStreamDecoder({
      provider: this.name,
      requestModel: request.model,
      warnings,
      rateLimit: parseRateLimitHeaders(opened.response.headers),
    });
    try {
      const timed = withIdleTimeout(events, settings.streamIdleTimeoutMs, settings.signal, () =>
        events.controller.abort(),
      );
      for await (const event of timed) {
        for (const unified of decoder.push(event)) yield unified;
        // Nothing follows the terminal event; stop reading rather than wait for the close.
        if (decoder.response) return;
      }
    } catch (error) {
      throw toSdkError(error, { ...translation, phase: 'stream' });
    }
    // The SDK ends quietly when its connection is aborted or closes early: say which it was.
    if (settings.signal?.aborted) throw new AbortError();
    throw new StreamError(
      `${this.name}: the stream ended before its terminal event (response.completed / response.incomplete).`,
    );
  }

  async close(): Promise<void> {
    this.handle = undefined;
  }

  private async translate(request: Request) {
    const repaired = repairRequest(request, this.name, this.toolCallIdRule);
    const translated = await toResponsesRequest(repaired.request, this.name);
    return { body: translated.body, warnings: [...repaired.warnings, ...translated.warnings] };
  }

  private client(): Promise<OpenAIClientHandle> {
    this.handle ??= createOpenAIClient({
      apiKey: this.options.apiKey,
      baseUrl: this.options.baseUrl ?? 'https://api.openai.com/v1',
      organization: this.options.organization,
      project: this.options.project,
      defaultHeaders: this.options.defaultHeaders,
      fetch: this.options.fetch,
    });
    // A failed load must not be cached: the next call tries again.
    this.handle.catch(() => {
      this.handle = undefined;
    });
    return this.handle;
  }
}
