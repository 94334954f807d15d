import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { contentDecoders } from './content-decoding.js';
import { appendField, FetchHeaders } from './fetch-headers.js';
import { type FetchPlan, planFetch } from './fetch-plan.js';
import { type FetchResponse, fetchedResponse } from './fetch-response.js';
import { BAD_PORTS, NULL_BODY_STATUSES, REDIRECT_STATUSES } from './fetch-standard.js';
import { nodeFetchClasses } from './node-fetch-classes.js';
import { forwardAgentFor, type TunnelRequestArgs, tunnelAgentFor } from './proxy-agents.js';
import {
  type ProxyEnv,
  ProxyError,
  type ProxyRoute,
  proxyAuthorization,
  proxyFor,
  proxyLabel,
} from './proxy-env.js';
import { bracketless } from './url-host.js';
import { wireHeaders } from './wire-headers.js';

/** Node's fetch follows at most this many redirects. */
const MAX_REDIRECTS = 20;
/** Node's fetch gives up on a response whose headers, or the next piece of body, take longer. */
const IDLE_TIMEOUT_MS = 300_000;
/** Node's fetch closes a kept-alive connection idle this long (or sooner, when the server says). */
const KEEP_ALIVE_MS = 4_000;
const REQUEST_BODY_FIELDS = ['content-encoding', 'content-language', 'content-location', 'content-type'];

/** Options for {@link createNodeHttpFetch}. */
export interface NodeHttpFetchOptions {
  /**
   * Where proxy settings are read, at each call: `process.env` (the default), or an object with
   * the same names. HTTPS_PROXY / https_proxy (for https URLs; HTTP_PROXY when it is unset),
   * HTTP_PROXY / http_proxy (for http URLs), NO_PROXY / no_proxy (hosts that go direct); the
   * lower-case name wins. Loopback hosts always go direct. `{}` turns proxies off.
   */
  proxyEnv?: ProxyEnv;
}

/**
 * A `fetch` over node:http and node:https, for hosts that care about start-up: Node's own fetch
 * loads undici and its dependencies on first use (~25 ms of CPU, ~40 ms in all with its
 * WebAssembly HTTP parser), which for a command that makes one model call is a fifth of its run.
 *
 * What it sends itself, it sends as Node's fetch does (the same fields in the same order, the
 * same defaults, redirects, decompression, timeouts, abort reasons and `TypeError: fetch failed`
 * rejections whose cause is Node's network error); every call it does not handle (a Request
 * object, a stream or form body, a `data:` URL, an option that changes the request) goes to
 * Node's own fetch unchanged, and so, on Node 20, past any proxy. It answers with
 * {@link FetchResponse}.
 *
 * Unlike Node 20's fetch it honours the proxy variables (see {@link NodeHttpFetchOptions}): https
 * requests go through a CONNECT tunnel, http requests to the proxy in absolute form, with Basic
 * credentials from the proxy URL. A proxy that refuses or cannot be reached rejects the call with
 * `TypeError: fetch failed` whose cause is a {@link ProxyError}; a proxy variable that is not an
 * http(s) URL, with one whose cause is a {@link ProxySettingError}.
 */
export function createNodeHttpFetch(options: NodeHttpFetchOptions = {}): typeof fetch {
  const proxyEnv = options.proxyEnv ?? process.env;
  return ((input: unknown, init?: unknown): Promise<FetchResponse | Response> => {
    const plan = planFetch(input, init);
    if (plan === undefined) return nodeFetchClasses().fetch(input as string, init as RequestInit);
    return send(plan, proxyEnv);
  }) as typeof fetch;
}

/** {@link createNodeHttpFetch} with the proxy settings of `process.env`. */
export const nodeHttpFetch: typeof fetch = createNodeHttpFetch();

async function send(plan: FetchPlan, proxyEnv: ProxyEnv): Promise<FetchResponse> {
  const { signal } = plan;
  if (signal?.aborted) throw signal.reason;
  let { url, method, body } = plan;
  const headers = plan.headers;
  for (let redirects = 0; ; redirects++) {
    const response = await exchange(url, method, headers, body, signal, proxyEnv);
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
      return respond(response, url, method, redirects > 0, signal);
    }
    response.resume();
    let next: URL;
    try {
      next = new URL(Array.isArray(location) ? (location[0] ?? '') : location, url);
    } catch (error) {
      throw fetchFailed(error);
    }
    next.hash ||= url.hash;
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw fetchFailed(new TypeError('URL scheme must be a HTTP(S) scheme'));
    }
    if (BAD_PORTS.has(next.port)) throw fetchFailed(new TypeError('bad port'));
    if (redirects === MAX_REDIRECTS) throw fetchFailed(new TypeError('redirect count exceeded'));
    if ((next.username || next.password) && next.origin !== url.origin) {
      throw fetchFailed(new TypeError('cross origin not allowed for request mode "cors"'));
    }
    const status = response.statusCode;
    if (
      ((status === 301 || status === 302) && method === 'POST') ||
      (status === 303 && method !== 'GET' && method !== 'HEAD')
    ) {
      method = 'GET';
      body = null;
      for (const name of REQUEST_BODY_FIELDS) headers.delete(name);
    }
    if (next.origin !== url.origin) {
      for (const name of ['authorization', 'proxy-authorization', 'cookie', 'host']) headers.delete(name);
    }
    url = next;
  }
}

/** Sends one request (straight to the server or through the proxy) and waits for its response's head. */
function exchange(
  url: URL,
  method: string,
  headers: FetchHeaders,
  body: Uint8Array | null,
  signal: AbortSignal | null,
  proxyEnv: ProxyEnv,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // Aborted between two redirects: the abort event has fired already.
    if (signal?.aborted) return reject(signal.reason);
    let route: ProxyRoute | undefined;
    try {
      route = proxyFor(url, proxyEnv);
    } catch (error) {
      return reject(fetchFailed(error));
    }
    const target = requestTarget(url, method, headers, body, route);
    let request: ClientRequest;
    let responded = false;
    const onAbort = () => {
      request.destroy();
      reject(signal?.reason);
    };
    request = target.module.request(
      { ...target.options, tunnelSignal: signal } as TunnelRequestArgs,
      (response) => {
        responded = true;
        signal?.removeEventListener('abort', onAbort);
        if (response.statusCode === 407 && route !== undefined && !target.tunnelled) {
          response.resume();
          return reject(fetchFailed(proxyRefused(route, response)));
        }
        resolve(response);
      },
    );
    // The socket's idle timer: until the head arrives it is the headers timeout; after, the body's.
    request.setTimeout(IDLE_TIMEOUT_MS, () => {
      if (responded) return;
      request.destroy(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }));
    });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason);
      // Through a proxy in absolute form, a failure before the head is the proxy's: say so.
      const cause =
        route !== undefined && !target.tunnelled && !responded && !(error instanceof ProxyError)
          ? new ProxyError(`the request through ${proxyLabel(route)} failed: ${error.message}`, {
              proxy: route.proxy.origin,
              cause: error,
            })
          : error;
      reject(fetchFailed(cause));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.end(body ?? undefined);
  });
}

interface RequestTarget {
  module: typeof import('node:http') | typeof import('node:https');
  options: RequestOptions;
  /** Sent inside a CONNECT tunnel (so a 407 can only come from the server). */
  tunnelled: boolean;
}

/** Where a request goes and how: to the server, into a tunnel, or to the proxy in absolute form. */
function requestTarget(
  url: URL,
  method: string,
  headers: FetchHeaders,
  body: Uint8Array | null,
  route: ProxyRoute | undefined,
): RequestTarget {
  const wire = wireHeaders(url, method, headers, body);
  const https = url.protocol === 'https:';
  const module = https ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const direct: RequestOptions = {
    protocol: url.protocol,
    hostname: bracketless(url.hostname),
    port: url.port,
    path: `${url.pathname}${url.search}`,
    method,
    agent: agentFor(url.protocol),
    setHost: false,
    headers: wire,
  };
  if (route === undefined) return { module, options: direct, tunnelled: false };
  if (https) {
    const agent = tunnelAgentFor(route, { keepAliveMs: KEEP_ALIVE_MS, answerMs: IDLE_TIMEOUT_MS });
    return { module, options: { ...direct, agent }, tunnelled: true };
  }
  const { proxy } = route;
  const authorization = proxyAuthorization(proxy);
  // After host and connection, as a client that knows it talks to a proxy sends it.
  if (authorization !== undefined) wire.splice(4, 0, 'proxy-authorization', authorization);
  const withoutHash = new URL(url);
  withoutHash.hash = '';
  return {
    module:
      proxy.protocol === 'https:'
        ? process.getBuiltinModule('node:https')
        : process.getBuiltinModule('node:http'),
    options: {
      protocol: proxy.protocol,
      hostname: bracketless(proxy.hostname),
      port: proxy.port,
      path: withoutHash.href,
      method,
      agent: forwardAgentFor(proxy, KEEP_ALIVE_MS),
      setHost: false,
      headers: wire,
    },
    tunnelled: false,
  };
}

function proxyRefused(route: ProxyRoute, response: IncomingMessage): ProxyError {
  const status = `${response.statusCode} ${response.statusMessage ?? ''}`.trim();
  return new ProxyError(`${proxyLabel(route)} refused the request: ${status}`, {
    proxy: route.proxy.origin,
    status: response.statusCode,
  });
}

/** The response fetch resolves with: its head, and its body decoded as it streams in. */
function respond(
  response: IncomingMessage,
  url: URL,
  method: string,
  redirected: boolean,
  signal: AbortSignal | null,
): FetchResponse {
  const headers = new FetchHeaders();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    appendField(headers, (raw[index] as string).toLowerCase(), raw[index + 1] as string);
  }
  const status = response.statusCode ?? 0;
  const hasBody = method !== 'HEAD' && !NULL_BODY_STATUSES.has(status);
  if (!hasBody) response.resume();
  const decoders = hasBody ? contentDecoders(headers.get('content-encoding')) : [];
  const source: Readable =
    decoders.length === 0 ? response : (pipeline([response, ...decoders], () => {}) as unknown as Readable);
  const withoutHash = new URL(url);
  withoutHash.hash = '';
  return fetchedResponse({
    status,
    statusText: response.statusMessage ?? '',
    headers,
    body: hasBody ? bodyStream(response, source, signal) : null,
    url: withoutHash.href,
    redirected,
  });
}

/**
 * The body as a byte stream that pulls from the socket only as fast as it is read. A connection
 * that breaks mid-body errors it with `TypeError: terminated` (the cause: Node's error), an abort
 * with the signal's reason, and cancelling it closes the connection.
 */
function bodyStream(
  response: IncomingMessage,
  source: Readable,
  signal: AbortSignal | null,
): ReadableStream<Uint8Array> {
  let settled = false;
  let controller: ReadableByteStreamController;
  const finish = (error?: unknown) => {
    if (settled) return;
    settled = true;
    signal?.removeEventListener('abort', onAbort);
    if (error === undefined) {
      controller.close();
      controller.byobRequest?.respond(0);
    } else {
      controller.error(error);
      response.destroy();
      source.destroy();
    }
  };
  const onAbort = () => finish(signal?.reason);
  response.setTimeout(IDLE_TIMEOUT_MS, () => {
    finish(terminated(Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' })));
  });
  return new ReadableStream({
    type: 'bytes',
    start(streamController) {
      controller = streamController;
      if (signal?.aborted) return finish(signal.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        // A copy: a byte stream takes over the buffer it is given, and Node's chunks can share one.
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => finish());
      source.on('error', (error) => finish(terminated(error)));
      response.once('close', () => {
        if (!response.complete)
          finish(terminated(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      response.destroy();
      source.destroy();
    },
  });
}

let agents: Partial<Record<'http:' | 'https:', Agent>> = {};

/** One keep-alive pool per protocol, idle connections closed as Node's fetch closes them. */
function agentFor(protocol: string): Agent {
  const key = protocol === 'https:' ? 'https:' : 'http:';
  const existing = agents[key];
  if (existing) return existing;
  const module =
    key === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const agent = new module.Agent({ keepAlive: true, timeout: KEEP_ALIVE_MS });
  agents = { ...agents, [key]: agent };
  return agent;
}

function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function terminated(cause: unknown): TypeError {
  return new TypeError('terminated', { cause });
}
