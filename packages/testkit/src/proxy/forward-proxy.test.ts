import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ForwardProxy, startForwardProxy } from './forward-proxy.js';

let origin: Server;
let originPort = 0;

beforeAll(async () => {
  origin = createServer((incoming, response) => {
    response.end(`${incoming.method} ${incoming.url} host=${incoming.headers.host}`);
  });
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  originPort = (origin.address() as AddressInfo).port;
});
afterAll(() => {
  origin.closeAllConnections();
  origin.close();
});

const toOrigin = (host: string) =>
  host === 'api.weft.test' ? { host: '127.0.0.1', port: originPort } : undefined;

/** One request to the proxy; resolves with the status and body it answered. */
function ask(
  proxy: ForwardProxy,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; socket?: Socket }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, method, path, headers, agent: false });
    sent.on('error', reject);
    sent.on('connect', (response: IncomingMessage, socket: Socket) =>
      resolve({ status: response.statusCode ?? 0, body: '', socket }),
    );
    sent.on('response', (response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.end();
  });
}

describe('startForwardProxy', () => {
  it('forwards an absolute-form request to the resolved address, with the target as its host', async () => {
    const proxy = await startForwardProxy({ resolve: toOrigin });
    try {
      const answer = await ask(proxy, 'GET', 'http://api.weft.test/v1/models?x=1', {
        host: 'api.weft.test',
      });
      expect(answer).toEqual({ status: 200, body: 'GET /v1/models?x=1 host=api.weft.test' });
      expect(proxy.requests).toMatchObject([
        { kind: 'forward', method: 'GET', target: 'http://api.weft.test/v1/models?x=1', status: 200 },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('opens a CONNECT tunnel that carries bytes both ways, and close() ends it', async () => {
    const proxy = await startForwardProxy({ resolve: toOrigin });
    try {
      const { status, socket } = await ask(proxy, 'CONNECT', 'api.weft.test:443', {
        host: 'api.weft.test:443',
      });
      expect(status).toBe(200);
      socket!.write('GET /through HTTP/1.1\r\nhost: api.weft.test\r\nconnection: close\r\n\r\n');
      let raw = '';
      socket!.on('data', (chunk: Buffer) => {
        raw += chunk;
      });
      await once(socket!, 'end');
      expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(raw).toContain('GET /through host=api.weft.test');
      expect(proxy.requests).toMatchObject([{ kind: 'connect', target: 'api.weft.test:443', status: 200 }]);
    } finally {
      await proxy.close();
    }
    expect(proxy.openConnections()).toBe(0);
  });

  it('answers 407 with a challenge until the right Basic credentials come, for both kinds', async () => {
    const proxy = await startForwardProxy({
      resolve: toOrigin,
      credentials: { username: 'ann', password: 'p@ss:word' },
    });
    const good = `Basic ${Buffer.from('ann:p@ss:word').toString('base64')}`;
    const bad = `Basic ${Buffer.from('ann:nope').toString('base64')}`;
    try {
      expect((await ask(proxy, 'GET', 'http://api.weft.test/')).status).toBe(407);
      expect((await ask(proxy, 'GET', 'http://api.weft.test/', { 'proxy-authorization': bad })).status).toBe(
        407,
      );
      expect((await ask(proxy, 'GET', 'http://api.weft.test/', { 'proxy-authorization': good })).status).toBe(
        200,
      );
      expect((await ask(proxy, 'CONNECT', 'api.weft.test:443')).status).toBe(407);
      const tunnel = await ask(proxy, 'CONNECT', 'api.weft.test:443', { 'proxy-authorization': good });
      expect(tunnel.status).toBe(200);
      tunnel.socket!.destroy();
    } finally {
      await proxy.close();
    }
  });

  it('answers 502 when the target cannot be reached, and 400 to a request not in absolute form', async () => {
    const proxy = await startForwardProxy({ resolve: () => ({ host: '127.0.0.1', port: 1 }) });
    try {
      expect((await ask(proxy, 'GET', 'http://api.weft.test/')).status).toBe(502);
      expect((await ask(proxy, 'CONNECT', 'api.weft.test:443')).status).toBe(502);
      expect((await ask(proxy, 'GET', '/not-absolute')).status).toBe(400);
    } finally {
      await proxy.close();
    }
  });

  it('with stallConnect never answers a CONNECT, and close() still ends the connection', async () => {
    const proxy = await startForwardProxy({ stallConnect: true });
    const outcome = ask(proxy, 'CONNECT', 'api.weft.test:443').then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await expect.poll(() => proxy.requests.length).toBe(1);
    await proxy.close();
    expect(await outcome).toBe('socket hang up');
    expect(proxy.requests[0]!.status).toBeUndefined();
  });
});
