import type { GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { AbortError, ConfigurationError } from '../../errors/sdk-error.js';
import type { Request } from '../../types/request.js';
import type { Response } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import type { CallOptions, ProviderAdapter } from '../provider-adapter.js';
import { withIdleTimeout } from '../shared/idle-timeout.js';
import { toGeminiError } from './gemini-error.js';
import { loadGeminiSdk } from './load-gemini-sdk.js';
import { GEMINI } from './provider-name.js';
import { toGeminiRequest } from './to-gemini-request.js';
import { GeminiTurnAssembler } from './turn-assembler.js';

export interface GeminiAdapterOptions {
  /** The Gemini API key. Default: GEMINI_API_KEY, then GOOGLE_API_KEY. */
  apiKey?: string;
  /** Where the API lives (a proxy, a test server). Default: the SDK's, https://generativelanguage.googleapis.com. */
  baseUrl?: string;
  /** The path version: 'v1beta' (the SDK's default) or 'v1'. */
  apiVersion?: string;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string>;
  /** Default for CallOptions.requestTimeoutMs: 120 000. */
  requestTimeoutMs?: number;
  /** Default for CallOptions.streamIdleTimeoutMs: 30 000. */
  streamIdleTimeoutMs?: number;
  /**
   * The fetch the SDK makes its calls with (such as `nodeHttpFetch` or `createNodeHttpFetch({
   * proxyEnv })` from `@weft/llm/node-http-fetch`). Default: the global fetch, to which the SDK, on Node, adds an
   * undici `dispatcher` to every call (lifting undici's own 300 s timeouts; this adapter's
   * timeouts above are the ones that count); with a fetch of your own it adds none.
   */
  fetch?: typeof fetch;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 30_000;

/**
 * Gemini through its native generateContent and streamGenerateContent endpoints, on the official
 * `@google/genai` SDK (loaded on first use, with its retries off: the client's retry policy is the
 * only one). See docs/gemini.md for the translation rules.
 */
export class GeminiAdapter implements ProviderAdapter {
  readonly name = GEMINI;
  private readonly apiKey: string;
  private readonly options: GeminiAdapterOptions;
  private client: Promise<GoogleGenAI> | undefined;

  constructor(options: GeminiAdapterOptions = {}) {
    const apiKey = options.apiKey ?? process.env.GEMINI_API_KEY ?? process.env.GOOGLE_API_KEY;
    if (apiKey === undefined || apiKey === '') {
      throw new ConfigurationError(
        'The Gemini adapter needs an API key: pass `apiKey` or set GEMINI_API_KEY (or GOOGLE_API_KEY).',
      );
    }
    this.apiKey = apiKey;
    this.options = options;
  }

  supportsToolChoice(_mode: 'auto' | 'none' | 'required' | 'named'): boolean {
    return true; // AUTO, NONE, ANY and ANY with allowedFunctionNames.
  }

  async close(): Promise<void> {
    // The SDK holds no connections of its own; fetch's pool is shared and needs no closing.
  }

  async complete(request: Request, options: CallOptions = {}): Promise<Response> {
    const { signal } = options;
    if (signal?.aborted) throw new AbortError();
    const { params, warnings } = await toGeminiRequest(request);
    const client = await this.sdk();
    if (signal?.aborted) throw new AbortError(); // aborted while local media was read
    const requestTimeoutMs = this.requestTimeoutMs(options);
    let response: GenerateContentResponse;
    try {
      response = await client.models.generateContent({
        ...params,
        config: {
          ...params.config,
          // A per-call signal: the SDK never removes the listener it adds to the one it gets.
          ...(signal ? { abortSignal: AbortSignal.any([signal]) } : {}),
          // A whole-request deadline, which for a non-streamed answer is the wait for the response.
          httpOptions: { timeout: requestTimeoutMs },
        },
      });
    } catch (error) {
      throw toGeminiError(error, { signal, phase: 'request', requestTimeoutMs });
    }
    const assembler = new GeminiTurnAssembler(request.model);
    assembler.accept(response);
    return assembler.finish({ requireFinishReason: false, warnings }).response;
  }

  /**
   * Streams the answer. The request timeout bounds the wait for the response to start (not the
   * stream: the SDK's own `httpOptions.timeout` would stay armed until the last byte, so it is not
   * used here); after that, `streamIdleTimeoutMs` bounds each gap between chunks. Abort, idle
   * timeout and an early `return()` all close the connection.
   */
  async *stream(request: Request, options: CallOptions = {}): AsyncGenerator<StreamEvent> {
    const { signal } = options;
    if (signal?.aborted) throw new AbortError();
    const { params, warnings } = await toGeminiRequest(request);
    const client = await this.sdk();
    // Checked again after the awaits above: a listener added now would miss an earlier abort.
    if (signal?.aborted) throw new AbortError();
    const requestTimeoutMs = this.requestTimeoutMs(options);
    const idleMs =
      options.streamIdleTimeoutMs ?? this.options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;

    const connection = new AbortController();
    const closeConnection = () => connection.abort();
    signal?.addEventListener('abort', closeConnection, { once: true });
    let timedOut = false;
    const requestTimer = setTimeout(() => {
      timedOut = true;
      connection.abort();
    }, requestTimeoutMs);
    try {
      let chunks: AsyncGenerator<GenerateContentResponse>;
      try {
        chunks = await client.models.generateContentStream({
          ...params,
          config: { ...params.config, abortSignal: connection.signal },
        });
      } catch (error) {
        throw toGeminiError(error, { signal, phase: 'request', requestTimeoutMs, timedOut });
      } finally {
        clearTimeout(requestTimer);
      }
      const assembler = new GeminiTurnAssembler(request.model);
      try {
        for await (const chunk of withIdleTimeout(chunks, idleMs, signal, closeConnection)) {
          yield* assembler.accept(chunk);
        }
      } catch (error) {
        throw toGeminiError(error, { signal, phase: 'stream', requestTimeoutMs });
      }
      yield* assembler.finish({ requireFinishReason: true, warnings }).events;
    } finally {
      clearTimeout(requestTimer);
      signal?.removeEventListener('abort', closeConnection);
      // Ends the connection if the consumer stopped early; a no-op once the body was read.
      connection.abort();
    }
  }

  private requestTimeoutMs(options: CallOptions): number {
    return options.requestTimeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  private sdk(): Promise<GoogleGenAI> {
    this.client ??= loadGeminiSdk().then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({
          apiKey: this.apiKey,
          // Never Vertex, whatever GOOGLE_GENAI_USE_VERTEXAI says: this adapter is the Gemini API.
          vertexai: false,
          httpOptions: {
            ...(this.options.baseUrl !== undefined ? { baseUrl: this.options.baseUrl } : {}),
            ...(this.options.apiVersion !== undefined ? { apiVersion: this.options.apiVersion } : {}),
            ...(this.options.defaultHeaders !== undefined ? { headers: this.options.defaultHeaders } : {}),
            ...(this.options.fetch !== undefined ? { fetch: this.options.fetch } : {}),
            // No retryOptions: the SDK then sends each request once.
          },
        }),
    );
    return this.client;
  }
}
