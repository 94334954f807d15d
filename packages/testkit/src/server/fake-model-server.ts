import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ChatReasoningField } from '../protocols/openai-chat/chat-encode.js';
import { type CodecContext, isRecord, type ProtocolCodec, type RouteMatch } from '../protocols/protocol.js';
import { SignatureRegistry } from '../protocols/signature-registry.js';
import { IdFactory } from '../script/ids.js';
import { resolveTurn } from '../script/resolve-turn.js';
import type { ScriptedTurn } from '../script/scripted-turn.js';
import { writeStream } from '../transport/stream-writer.js';
import { createCodecs, routeRequest } from './codecs.js';
import { lowerCaseHeaders, readBody, sendJson, sendReply } from './http-io.js';
import type { MatcherSpec, RequestMatcher } from './matchers.js';
import type { RecordedRequest } from './recorded-request.js';
import { type TurnResponder, TurnSource } from './turn-source.js';

export interface FakeModelServerOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Reject requests the real service would reject, with its real 400 body. Default true. */
  strict?: boolean;
  /** When set, a request carrying any other key gets the provider's authentication error. */
  apiKey?: string;
  /** Turns to answer with, in order. */
  turns?: readonly ScriptedTurn[];
  /** Start the queue over when it runs out (for benchmarks that send many requests). */
  loop?: boolean;
  /** Field for streamed reasoning on Chat Completions. Default 'reasoning_content'. */
  chatReasoningField?: ChatReasoningField;
  /** Seed for the generated ids. */
  seed?: number;
  /** Largest request body accepted, in bytes. Default 64 MiB. */
  maxBodyBytes?: number;
}

/**
 * An HTTP server on 127.0.0.1 that answers as Anthropic, OpenAI (Responses and Chat Completions)
 * and Gemini do, byte for byte, from a provider-neutral script. The official SDKs, pointed at it,
 * cannot tell it from the real services. Every request is recorded for assertions.
 */
export class FakeModelServer {
  /** Recorded requests, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Reject requests the real service would reject. Can be switched per test. */
  strict: boolean;

  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly turns: TurnSource;
  private readonly ids: IdFactory;
  private readonly signatures = new SignatureRegistry();
  private readonly codecs: ProtocolCodec[];
  private readonly options: FakeModelServerOptions;
  private address: AddressInfo | undefined;

  private constructor(options: FakeModelServerOptions) {
    this.options = options;
    this.strict = options.strict ?? true;
    this.turns = new TurnSource(options.loop ?? false);
    this.turns.enqueue(options.turns ?? []);
    this.ids = new IdFactory(options.seed);
    this.codecs = createCodecs(options.chatReasoningField);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: `weft-testkit: ${String(error)}` } });
        else res.destroy();
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Starts a server and resolves once it listens. */
  static async start(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
    const server = new FakeModelServer(options);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    server.address = server.server.address() as AddressInfo;
    return server;
  }

  get port(): number {
    if (!this.address) throw new Error('the server is not listening');
    return this.address.port;
  }

  /** `http://127.0.0.1:<port>`: the base URL for Anthropic and Gemini SDKs. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Base URLs as each SDK wants them (OpenAI's includes `/v1`). */
  get baseUrls(): BaseUrls {
    return baseUrlsOf(this.url);
  }

  /** Adds turns to the queue. */
  enqueue(...turns: ScriptedTurn[]): this {
    this.turns.enqueue(turns);
    return this;
  }

  /**
   * Answers requests that match with `respond` (a turn, or a function of the request), before
   * the queue is consulted. `times` limits how many requests the rule answers.
   */
  when(
    matcher: RequestMatcher | MatcherSpec,
    respond: TurnResponder,
    options: { times?: number } = {},
  ): this {
    this.turns.addRule(matcher, respond, options.times);
    return this;
  }

  /** Turns still queued. */
  get pendingTurns(): number {
    return this.turns.pending;
  }

  get lastRequest(): RecordedRequest | undefined {
    return this.requests.at(-1);
  }

  /** Forgets recorded requests, queued turns and rules. */
  reset(): void {
    this.requests.length = 0;
    this.turns.clear();
  }

  /** Stops listening and drops open connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/_testkit/')) return this.handleControl(method, url, req, res);
    const routed = routeRequest(this.codecs, method, url);
    if (!routed) {
      return sendJson(res, 404, {
        error: { message: `weft-testkit: no fake endpoint for ${method} ${url.pathname}` },
      });
    }
    const { codec, route } = routed;
    const rawBody = await readBody(req, this.options.maxBodyBytes ?? 64 * 1024 * 1024);
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      parsed = undefined;
    }
    const body = isRecord(parsed) ? parsed : {};
    const context: CodecContext = { ids: this.ids, body, route, signatures: this.signatures };
    const record = this.record(codec, route, req, url, rawBody, body);

    if (!isRecord(parsed)) {
      const reply = codec.encodeError(
        { kind: 'invalid_request', message: 'The request body is not valid JSON.' },
        context,
      );
      record.outcome = { type: 'rejected', status: reply.status, message: reply.body };
      return sendReply(res, reply);
    }
    if (this.options.apiKey !== undefined && codec.apiKey(req.headers, url) !== this.options.apiKey) {
      const reply = codec.encodeError({ kind: 'authentication' }, context);
      record.outcome = { type: 'rejected', status: reply.status, message: reply.body };
      return sendReply(res, reply);
    }
    if (this.strict) {
      const rejection = codec.validate(context);
      if (rejection) {
        record.outcome = { type: 'rejected', status: rejection.status, message: rejection.body };
        return sendReply(res, rejection);
      }
    }
    const turn = this.turns.next(record);
    if (!turn) {
      record.outcome = { type: 'unscripted', status: 500 };
      return sendJson(res, 500, {
        error: {
          message: `weft-testkit: no scripted turn left for request #${record.index} (${method} ${url.pathname}); enqueue more turns or add a rule`,
        },
      });
    }
    if (turn.error) {
      const reply = codec.encodeError(turn.error, context);
      record.outcome = { type: 'scripted-error', status: reply.status };
      return sendReply(res, reply);
    }
    if (turn.headerDelayMs) await waitUnlessClosed(res, turn.headerDelayMs);
    if (res.destroyed) return;
    const resolved = resolveTurn(turn, codec.protocol, record.model, this.ids);
    record.outcome = { type: 'turn', status: 200 };
    if (record.stream) {
      const plan = codec.encodeStream(resolved, context);
      await writeStream(res, { ...plan, headers: { ...plan.headers, ...turn.headers } }, turn);
    } else {
      const reply = codec.encodeResponse(resolved, context);
      sendReply(res, { ...reply, headers: { ...reply.headers, ...turn.headers } });
    }
  }

  private record(
    codec: ProtocolCodec,
    route: RouteMatch,
    req: IncomingMessage,
    url: URL,
    rawBody: string,
    body: Record<string, unknown>,
  ): RecordedRequest {
    const record: RecordedRequest = {
      index: this.requests.length,
      protocol: codec.protocol,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: lowerCaseHeaders(req),
      body,
      rawBody,
      model: codec.model(body, route),
      stream: codec.isStream(body, route, url),
      view: codec.view(body),
      outcome: { type: 'pending' },
    };
    this.requests.push(record);
    return record;
  }

  /** `/_testkit/…`: lets a test in another process script and inspect the server over HTTP. */
  private async handleControl(
    method: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const action = url.pathname.slice('/_testkit/'.length);
    if (method === 'GET' && action === 'requests') {
      return sendJson(
        res,
        200,
        this.requests.map(({ rawBody: _raw, ...rest }) => rest),
      );
    }
    if (method === 'POST' && action === 'enqueue') {
      const payload: unknown = JSON.parse(await readBody(req, 64 * 1024 * 1024));
      const turns =
        isRecord(payload) && Array.isArray(payload.turns) ? (payload.turns as ScriptedTurn[]) : [];
      this.enqueue(...turns);
      return sendJson(res, 200, { pending: this.pendingTurns });
    }
    if (method === 'POST' && action === 'reset') {
      this.reset();
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, {
      error: { message: `weft-testkit: unknown control endpoint ${method} ${url.pathname}` },
    });
  }
}

/** Resolves after `ms`, or as soon as the client goes away. */
function waitUnlessClosed(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
    res.on('close', done);
  });
}

/** Starts a fake model server: `const server = await startFakeModelServer({ turns: [...] })`. */
export function startFakeModelServer(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
  return FakeModelServer.start(options);
}

/** The base URL each official SDK is given for a server at `url`. */
export interface BaseUrls {
  anthropic: string;
  openai: string;
  gemini: string;
}

export function baseUrlsOf(url: string): BaseUrls {
  return { anthropic: url, openai: `${url}/v1`, gemini: url };
}
