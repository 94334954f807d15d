import type { CallOptions, ProviderAdapter } from '../adapters/provider-adapter.js';
import { ConfigurationError } from '../errors/sdk-error.js';
import type { RepairChange } from '../history/repair-change.js';
import { repairHistory } from '../history/repair-history.js';
import type { Request } from '../types/request.js';
import type { Response } from '../types/response.js';
import type { StreamEvent } from '../types/stream-event.js';
import { adaptersFromEnv, type Env } from './adapters-from-env.js';
import {
  type CompleteNext,
  composeComplete,
  composeStream,
  type Middleware,
  type StreamNext,
} from './middleware.js';

export interface ClientOptions {
  /** Adapters by the name requests route to, or a list keyed by each adapter's `name`. */
  providers: Readonly<Record<string, ProviderAdapter>> | readonly ProviderAdapter[];
  /** Where requests without `provider` go. Default: the first provider registered. */
  defaultProvider?: string;
  /** Layers around every call, outermost first. */
  middleware?: readonly Middleware[];
  /** Told what history repair changed before a request went out (for logs). */
  onHistoryRepair?: (changes: RepairChange[], request: Request) => void;
}

/** Options of {@link Client.fromEnv}: the client's, and the fetch its adapters call. */
export interface FromEnvOptions extends Omit<ClientOptions, 'providers'> {
  /**
   * The fetch every adapter makes its calls with. Default: the global one. On Node 20 that one
   * ignores HTTPS_PROXY; `nodeHttpFetch` from `@weft/llm/node-http-fetch` honours it.
   */
  fetch?: typeof fetch;
}

/**
 * Routes requests to provider adapters. `complete` and `stream` never retry (retries belong to
 * `generate` / `stream` / `retry`); both run the middleware onion and repair the history for the
 * target provider and model first. Holds no per-request state, so one client serves concurrent
 * calls.
 */
export class Client {
  private readonly adapters: ReadonlyMap<string, ProviderAdapter>;
  private readonly defaultName: string | undefined;
  private readonly completeChain: CompleteNext;
  private readonly streamChain: StreamNext;
  private readonly initializing = new Map<string, Promise<void>>();
  private readonly onHistoryRepair: ClientOptions['onHistoryRepair'];

  constructor(options: ClientOptions) {
    const entries: [string, ProviderAdapter][] = Array.isArray(options.providers)
      ? (options.providers as readonly ProviderAdapter[]).map((adapter) => [adapter.name, adapter])
      : Object.entries(options.providers as Record<string, ProviderAdapter>);
    const adapters = new Map<string, ProviderAdapter>();
    for (const [name, adapter] of entries) {
      if (adapters.has(name)) throw new ConfigurationError(`Two providers are registered as "${name}".`);
      adapters.set(name, adapter);
    }
    this.adapters = adapters;
    if (options.defaultProvider !== undefined && !adapters.has(options.defaultProvider)) {
      throw new ConfigurationError(
        `The default provider "${options.defaultProvider}" is not registered (registered: ${this.describeProviders()}).`,
      );
    }
    this.defaultName = options.defaultProvider ?? entries[0]?.[0];
    this.onHistoryRepair = options.onHistoryRepair;
    const middleware = options.middleware ?? [];
    this.completeChain = composeComplete(middleware, (request, callOptions) =>
      this.send(request, callOptions),
    );
    this.streamChain = composeStream(middleware, (request, callOptions) =>
      this.sendStream(request, callOptions),
    );
  }

  /**
   * A client with an adapter for each provider whose API key is in `env` (see adaptersFromEnv);
   * the first registered (Anthropic, then OpenAI, then Gemini) is the default. With no key at
   * all the client is empty and every request fails with ConfigurationError.
   */
  static fromEnv(env: Env = process.env, options: FromEnvOptions = {}): Client {
    const { fetch: adapterFetch, ...clientOptions } = options;
    return new Client({ ...clientOptions, providers: adaptersFromEnv(env, adapterFetch) });
  }

  /** The registered provider names, in registration order. */
  get providers(): string[] {
    return [...this.adapters.keys()];
  }

  get defaultProvider(): string | undefined {
    return this.defaultName;
  }

  /** The provider a request goes to: its own `provider`, else the default. Throws ConfigurationError. */
  providerFor(request: Pick<Request, 'provider'>): string {
    const name = request.provider ?? this.defaultName;
    if (name === undefined) {
      throw new ConfigurationError(
        'The request names no provider and the client has no default: no provider is registered (set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY, or pass adapters).',
      );
    }
    if (!this.adapters.has(name)) {
      throw new ConfigurationError(
        `No provider "${name}" is registered (registered: ${this.describeProviders()}).`,
      );
    }
    return name;
  }

  /** The adapter registered as `name`. Throws ConfigurationError for an unknown name. */
  adapter(name: string): ProviderAdapter {
    const adapter = this.adapters.get(name);
    if (!adapter) {
      throw new ConfigurationError(
        `No provider "${name}" is registered (registered: ${this.describeProviders()}).`,
      );
    }
    return adapter;
  }

  /** Sends one request and waits for the whole response. Never retries. */
  complete(request: Request, options: CallOptions = {}): Promise<Response> {
    return this.completeChain(request, options);
  }

  /**
   * Streams one request: events ending in `finish`, which carries the full response. Returns at
   * once; the request goes out when iteration starts. Never retries. Breaking out of the loop
   * closes the connection.
   */
  stream(request: Request, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    return this.streamChain(request, options);
  }

  /** Closes every adapter (connection pools). */
  async close(): Promise<void> {
    await Promise.all([...this.adapters.values()].map((adapter) => adapter.close?.()));
  }

  private async send(request: Request, options: CallOptions | undefined): Promise<Response> {
    const { adapter, prepared } = await this.prepare(request);
    return adapter.complete(prepared, options);
  }

  /**
   * The adapter's own iterator behind a thin shell that routes and repairs on the first `next()`.
   * Not an async generator on purpose: a generator layer would add a promise hop to every event
   * of every stream.
   */
  private sendStream(request: Request, options: CallOptions | undefined): AsyncIterable<StreamEvent> {
    return {
      [Symbol.asyncIterator]: () => {
        let inner: AsyncIterator<StreamEvent> | undefined;
        let done = false;
        return {
          next: (): Promise<IteratorResult<StreamEvent>> => {
            if (inner) return inner.next();
            if (done) return Promise.resolve({ value: undefined, done: true });
            return this.prepare(request).then(({ adapter, prepared }) => {
              inner = adapter.stream(prepared, options)[Symbol.asyncIterator]();
              return inner.next();
            });
          },
          return: async () => {
            done = true;
            await inner?.return?.();
            return { value: undefined, done: true };
          },
        };
      },
    };
  }

  private async prepare(request: Request): Promise<{ adapter: ProviderAdapter; prepared: Request }> {
    const name = this.providerFor(request);
    const adapter = this.adapter(name);
    await this.initialize(name, adapter);
    const repaired = repairHistory(request.messages, {
      provider: adapter.name,
      model: request.model,
      ...(adapter.toolCallIdRule ? { toolCallIdRule: adapter.toolCallIdRule } : {}),
    });
    if (repaired.changes.length === 0) return { adapter, prepared: request };
    this.onHistoryRepair?.(repaired.changes, request);
    return { adapter, prepared: { ...request, messages: repaired.messages } };
  }

  /** `initialize()` runs once per adapter, before its first request; a failure is retried next time. */
  private initialize(name: string, adapter: ProviderAdapter): Promise<void> {
    if (!adapter.initialize) return Promise.resolve();
    let pending = this.initializing.get(name);
    if (!pending) {
      pending = adapter.initialize().catch((error: unknown) => {
        this.initializing.delete(name);
        throw error;
      });
      this.initializing.set(name, pending);
    }
    return pending;
  }

  private describeProviders(): string {
    return this.adapters.size === 0 ? 'none' : [...this.adapters.keys()].join(', ');
  }
}
