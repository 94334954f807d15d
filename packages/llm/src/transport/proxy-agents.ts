import type { Agent, ClientRequestArgs, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import { ProxyError, type ProxyRoute, proxyAuthorization, proxyLabel } from './proxy-env.js';
import { bracketed, bracketless } from './url-host.js';

/** Request options an agent passes on to createConnection: the signal of the request that asked. */
export interface TunnelRequestArgs extends ClientRequestArgs {
  tunnelSignal?: AbortSignal | null;
}

interface AgentTimings {
  keepAliveMs: number;
  /** How long the proxy may take to answer a CONNECT. */
  answerMs: number;
}

const agents = new Map<string, Agent>();

/**
 * The keep-alive agent for https requests through `route`'s proxy: each new connection is a
 * CONNECT tunnel to the target with TLS to the target inside it, and an idle one is kept for
 * the next request to the same host, as a direct connection would be.
 */
export function tunnelAgentFor(route: ProxyRoute, timings: AgentTimings): Agent {
  // The variable is part of the key: the agent's messages name it.
  const key = `tunnel ${route.variable} ${route.proxy.href}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    agent = createTunnelAgent(route, timings);
    agents.set(key, agent);
  }
  return agent;
}

/** The keep-alive agent for plain http requests sent to `proxy` in absolute form. */
export function forwardAgentFor(proxy: URL, keepAliveMs: number): Agent {
  const key = `forward ${proxy.href}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    const module =
      proxy.protocol === 'https:'
        ? process.getBuiltinModule('node:https')
        : process.getBuiltinModule('node:http');
    agent = new module.Agent({ keepAlive: true, timeout: keepAliveMs });
    agents.set(key, agent);
  }
  return agent;
}

function createTunnelAgent(route: ProxyRoute, timings: AgentTimings): Agent {
  const https = process.getBuiltinModule('node:https');
  const tls = process.getBuiltinModule('node:tls');
  const { isIP } = process.getBuiltinModule('node:net');
  const { proxy } = route;
  const viaTls = proxy.protocol === 'https:';
  const proxyModule = viaTls ? https : process.getBuiltinModule('node:http');
  const authorization = proxyAuthorization(proxy);

  class TunnelAgent extends https.Agent {
    override createConnection(
      options: TunnelRequestArgs,
      callback?: (error: Error | null, socket: Duplex) => void,
    ): Duplex | null | undefined {
      const done = callback ?? (() => {});
      const target = `${bracketed(options.host ?? 'localhost')}:${options.port ?? 443}`;
      const signal = options.tunnelSignal ?? null;
      const failed = (message: string, status?: number, cause?: unknown) =>
        new ProxyError(message, { proxy: proxy.origin, status, cause });
      // keep-alive: without it node:http asks the proxy to close the connection the tunnel is in.
      const headers: Record<string, string> = { host: target, connection: 'keep-alive' };
      if (authorization !== undefined) headers['proxy-authorization'] = authorization;
      const connect = proxyModule.request({
        hostname: bracketless(proxy.hostname),
        port: proxy.port || (viaTls ? 443 : 80),
        method: 'CONNECT',
        path: target,
        headers,
        setHost: false,
        agent: false,
        // SNI names hosts only: an address goes without (as node:https itself does).
        ...(viaTls && isIP(bracketless(proxy.hostname)) === 0
          ? { servername: bracketless(proxy.hostname) }
          : {}),
      });
      let settled = false;
      const settle = (error: Error | null, socket?: Duplex) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        connect.setTimeout(0);
        if (error) done(error, undefined as unknown as Duplex);
        else done(null, socket as Duplex);
      };
      const onAbort = () => {
        connect.destroy();
        settle(failed(`the tunnel through ${proxyLabel(route)} was given up: the request was aborted`));
      };
      connect.setTimeout(timings.answerMs, () => {
        connect.destroy();
        settle(
          failed(`${proxyLabel(route)} did not answer CONNECT ${target} within ${timings.answerMs / 1000} s`),
        );
      });
      connect.once('connect', (response: IncomingMessage, socket: Socket, head: Buffer) => {
        if (settled) return socket.destroy();
        const code = response.statusCode ?? 0;
        if (code < 200 || code > 299) {
          socket.destroy();
          const status = `${response.statusCode} ${response.statusMessage ?? ''}`.trim();
          return settle(
            failed(`${proxyLabel(route)} refused the tunnel to ${target}: ${status}`, response.statusCode),
          );
        }
        if (head.length > 0) socket.unshift(head);
        const secure: TLSSocket = tls.connect({ ...options, socket } as ConnectionOptions);
        secure.once('close', () => socket.destroy());
        settle(null, secure);
      });
      connect.once('error', (error) => {
        settle(
          failed(`could not open a tunnel through ${proxyLabel(route)}: ${error.message}`, undefined, error),
        );
      });
      if (signal?.aborted) {
        onAbort();
        return undefined;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      connect.end();
      return undefined;
    }
  }

  return new TunnelAgent({ keepAlive: true, timeout: timings.keepAliveMs });
}
