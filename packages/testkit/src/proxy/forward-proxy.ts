import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Where the proxy really connects for a target: a made-up host name can stand for a local server. */
export type ProxyResolve = (host: string, port: number) => { host: string; port: number } | undefined;

export interface ForwardProxyOptions {
  /**
   * Maps each target (host, port) to the address the proxy connects to instead; undefined keeps
   * the target. Tests use it to give a made-up name (`api.weft.test`) to a local server, so the
   * client never resolves the name itself, as it would not behind a real proxy.
   */
  resolve?: ProxyResolve;
  /** Demand these credentials (Basic, in Proxy-Authorization); anything else gets a 407. */
  credentials?: { username: string; password: string };
  /** Never answer a CONNECT (a proxy that hangs), until the client gives up or the proxy closes. */
  stallConnect?: boolean;
  /** Serve over TLS with this key and certificate (PEM): an `https://` proxy. */
  tls?: { key: string; cert: string };
}

/** One request the proxy received. */
export interface ProxiedRequest {
  /** `connect`: a tunnel (CONNECT host:port); `forward`: a plain request in absolute form. */
  kind: 'connect' | 'forward';
  method: string;
  /** CONNECT's host:port, or the absolute URL of a forwarded request. */
  target: string;
  /** The fields as received: [name, value, …] in order and case. */
  rawHeaders: string[];
  /** The status the proxy answered with (200 for an established tunnel). */
  status?: number;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>` (`https://` with `tls`): what HTTP_PROXY / HTTPS_PROXY name. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: ProxiedRequest[];
  /** Connections from clients still open (tunnels included). */
  openConnections(): number;
  /** Closes every connection, tunnels included, and stops listening. */
  close(): Promise<void>;
}

/**
 * A real HTTP forward proxy on loopback, as corporate networks run them: CONNECT tunnels (for
 * https targets) and absolute-form requests (for http targets), optionally behind Basic
 * credentials. It records what it was asked, so tests can show a client went through it.
 */
export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const requests: ProxiedRequest[] = [];
  const clients = new Set<Duplex>();
  const upstreams = new Set<Duplex>();
  const server: Server = options.tls ? createHttpsServer(options.tls) : createServer();
  const track = (set: Set<Duplex>, socket: Duplex) => {
    set.add(socket);
    socket.once('close', () => set.delete(socket));
  };
  server.on('connection', (socket: Socket) => track(clients, socket));

  const authorized = (request: IncomingMessage): boolean => {
    if (!options.credentials) return true;
    const { username, password } = options.credentials;
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    return request.headers['proxy-authorization'] === expected;
  };
  const upstreamOf = (host: string, port: number) => options.resolve?.(host, port) ?? { host, port };
  const recorded = (kind: ProxiedRequest['kind'], request: IncomingMessage): ProxiedRequest => {
    const record = {
      kind,
      method: request.method ?? '',
      target: request.url ?? '',
      rawHeaders: request.rawHeaders,
    };
    requests.push(record);
    return record;
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const record = recorded('forward', request);
    const answer = (status: number, headers: Record<string, string> = {}) => {
      record.status = status;
      response.writeHead(status, headers).end();
    };
    if (!URL.canParse(record.target)) return answer(400);
    if (!authorized(request)) return answer(407, { 'proxy-authenticate': 'Basic realm="weft-testkit"' });
    const target = new URL(record.target);
    const upstream = upstreamOf(target.hostname, Number(target.port || 80));
    const headers: string[] = [];
    for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
      const name = request.rawHeaders[index] as string;
      if (/^proxy-/i.test(name)) continue;
      headers.push(name, request.rawHeaders[index + 1] as string);
    }
    const forwarded = httpRequest(
      {
        host: upstream.host,
        port: upstream.port,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers,
        setHost: false,
        // One upstream connection per request: nothing of the proxy's outlives close().
        agent: false,
      },
      (upstreamResponse) => {
        record.status = upstreamResponse.statusCode;
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.rawHeaders);
        upstreamResponse.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) answer(502);
      else response.destroy();
    });
    request.pipe(forwarded);
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const record = recorded('connect', request);
    client.on('error', () => client.destroy());
    const refuse = (status: number, reason: string, extra = '') => {
      record.status = status;
      client.end(`HTTP/1.1 ${status} ${reason}\r\n${extra}content-length: 0\r\n\r\n`);
    };
    if (options.stallConnect) {
      // Read on, so that the client giving up (its end of the connection closing) is seen.
      client.resume();
      client.once('end', () => client.destroy());
      return;
    }
    if (!authorized(request)) {
      return refuse(
        407,
        'Proxy Authentication Required',
        'proxy-authenticate: Basic realm="weft-testkit"\r\n',
      );
    }
    const match = /^(.+):(\d+)$/.exec(record.target);
    if (!match) return refuse(400, 'Bad Request');
    const host = (match[1] as string).replace(/^\[(.*)\]$/, '$1');
    const upstream = upstreamOf(host, Number(match[2]));
    const tunnel = connect(upstream.port, upstream.host);
    track(upstreams, tunnel);
    tunnel.once('error', () => {
      if (record.status === undefined) refuse(502, 'Bad Gateway');
      else client.destroy();
    });
    tunnel.once('connect', () => {
      record.status = 200;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) tunnel.write(head);
      tunnel.pipe(client);
      client.pipe(tunnel);
    });
    client.once('close', () => tunnel.destroy());
    tunnel.once('close', () => client.destroy());
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    // Counted by state: a socket the server handed to 'connect' was seen closed yet still listed.
    openConnections: () => [...clients].filter((socket) => !socket.destroyed).length,
    async close() {
      const open = [...clients, ...upstreams];
      const closed = open.map((socket) => (socket.destroyed ? undefined : once(socket, 'close')));
      for (const socket of open) socket.destroy();
      server.close();
      await Promise.all([once(server, 'close'), ...closed]);
    },
  };
}
