import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Captured {
  method: string;
  url: string;
  headers: string[];
  body: string;
}

export type Route = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A real HTTP server that records every request it gets, answering by path. */
export class RecordingServer {
  readonly requests: Captured[] = [];
  connections = 0;
  closedSockets = 0;
  release: () => void = () => {};
  readonly #server: Server;
  readonly #routes = new Map<string, Route>();

  /** With `tls`, an HTTPS server (the key and certificate, PEM). */
  constructor(tls?: { key: string; cert: string }) {
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        this.requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          // The port differs between servers of a comparison, never between the two fetches.
          headers: request.rawHeaders,
          body,
        });
        const route = this.#routes.get(new URL(request.url ?? '/', 'http://x').pathname);
        if (route) route(request, response, body);
        else response.end('ok');
      });
    };
    this.#server = tls ? createHttpsServer(tls, listener) : createServer(listener);
    this.#server.on('connection', (socket) => {
      this.connections++;
      socket.on('close', () => this.closedSockets++);
    });
  }

  route(path: string, answer: Route): this {
    this.#routes.set(path, answer);
    return this;
  }

  async start(): Promise<string> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    const scheme = this.#server instanceof HttpsServer ? 'https' : 'http';
    return `${scheme}://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    this.#server.close();
    await once(this.#server, 'close');
  }
}
