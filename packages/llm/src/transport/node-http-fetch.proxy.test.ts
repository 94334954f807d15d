import { type ForwardProxy, startForwardProxy } from '@weft/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from './node-http-fetch.js';
import { ProxyError, ProxySettingError } from './proxy-env.js';
import { RecordingServer } from './testing/recording-server.js';
import { BUILT_ENTRY, runTrustingTestCert, TEST_TLS } from './testing/trusting-child.js';

const origin = new RecordingServer();
let originPort = 0;
let proxies: ForwardProxy[] = [];

beforeAll(async () => {
  originPort = Number(new URL(await origin.start()).port);
  origin.route('/answer', (_request, response, body) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answered: true, echoed: body }));
  });
});
afterAll(() => origin.close());
afterEach(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  proxies = [];
  origin.requests.length = 0;
});

/** A proxy that takes the made-up host api.weft.test to the origin server. */
async function proxyToOrigin(options: Parameters<typeof startForwardProxy>[0] = {}): Promise<ForwardProxy> {
  const proxy = await startForwardProxy({
    resolve: (host) => (host === 'api.weft.test' ? { host: '127.0.0.1', port: originPort } : undefined),
    ...options,
  });
  proxies.push(proxy);
  return proxy;
}

/** What a rejected fetch gave: its message and its cause's class, message and status. */
async function failure(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as (TypeError & { cause?: Error & { status?: number; code?: string } }) | undefined;
  return {
    error: error?.message,
    cause: error?.cause?.constructor.name,
    message: error?.cause?.message,
    status: error?.cause?.status,
  };
}

const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":1}' };

describe('nodeHttpFetch through an HTTP proxy (http URLs: absolute form)', () => {
  it('sends the request to the proxy in absolute form with exactly the fields it sends direct', async () => {
    const proxy = await proxyToOrigin();
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: proxy.url } });
    const url = `http://api.weft.test:${originPort}/answer?x=1`;
    const response = await fetch(url, post);
    expect(await response.json()).toEqual({ answered: true, echoed: '{"q":1}' });
    expect(proxy.requests).toMatchObject([{ kind: 'forward', method: 'POST', target: url, status: 200 }]);

    await createNodeHttpFetch({ proxyEnv: {} })(`http://127.0.0.1:${originPort}/answer?x=1`, post);
    const [proxied, direct] = origin.requests;
    const withoutHost = (fields: string[]) => fields.map((value, index) => (index === 1 ? '' : value));
    expect(proxied!.headers[0]).toBe('host');
    expect(proxied!.headers[1]).toBe(`api.weft.test:${originPort}`);
    expect(withoutHost(proxy.requests[0]!.rawHeaders)).toEqual(withoutHost(direct!.headers));
  });

  it('keeps one connection to the proxy for requests one after another', async () => {
    const proxy = await proxyToOrigin();
    const fetch = createNodeHttpFetch({ proxyEnv: { http_proxy: proxy.url } });
    for (let call = 0; call < 3; call++) {
      await (await fetch(`http://api.weft.test:${originPort}/answer`, post)).text();
    }
    expect(proxy.requests).toHaveLength(3);
    expect(proxy.openConnections()).toBe(1);
  });

  it('sends Basic credentials from the proxy URL after host and connection', async () => {
    const proxy = await proxyToOrigin({ credentials: { username: 'ann', password: 'p@ss:word' } });
    const withCredentials = proxy.url.replace('//', '//ann:p%40ss%3Aword@');
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: withCredentials } });
    const response = await fetch(`http://api.weft.test:${originPort}/answer`, post);
    expect(response.status).toBe(200);
    expect(proxy.requests[0]!.rawHeaders.slice(4, 6)).toEqual([
      'proxy-authorization',
      `Basic ${Buffer.from('ann:p@ss:word').toString('base64')}`,
    ]);
    // The origin never sees the proxy's credentials.
    expect(origin.requests[0]!.headers.map((field) => field.toLowerCase())).not.toContain(
      'proxy-authorization',
    );
  });

  it('rejects with a ProxyError when the proxy answers 407, naming the proxy but not the password', async () => {
    const proxy = await proxyToOrigin({ credentials: { username: 'ann', password: 'right' } });
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: proxy.url.replace('//', '//ann:wrong@') } });
    const result = await failure(fetch(`http://api.weft.test:${originPort}/answer`, post));
    expect(result).toEqual({
      error: 'fetch failed',
      cause: 'ProxyError',
      message: `${proxy.url} (HTTP_PROXY) refused the request: 407 Proxy Authentication Required`,
      status: 407,
    });
    expect(origin.requests).toHaveLength(0);
  });

  it('rejects with a ProxyError naming the proxy when nothing listens there', async () => {
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: 'http://127.0.0.1:1' } });
    const result = await failure(fetch(`http://api.weft.test:${originPort}/answer`));
    expect(result).toMatchObject({ error: 'fetch failed', cause: 'ProxyError' });
    expect(result.message).toMatch(
      /^the request through http:\/\/127\.0\.0\.1:1 \(HTTP_PROXY\) failed: connect ECONNREFUSED 127\.0\.0\.1:1$/,
    );
  });

  it('goes straight to loopback hosts and to the hosts NO_PROXY lists', async () => {
    const proxy = await proxyToOrigin();
    // 0.0.0.0 reaches this machine's servers without being a loopback address.
    const unlisted = `http://0.0.0.0:${originPort}/answer`;
    const viaProxy = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: proxy.url } });
    const listed = createNodeHttpFetch({
      proxyEnv: { HTTP_PROXY: proxy.url, NO_PROXY: 'example.com, 0.0.0.0/8' },
    });
    await (await viaProxy(unlisted, post)).text();
    expect(proxy.requests).toHaveLength(1);
    await (await listed(unlisted, post)).text();
    await (await viaProxy(`http://127.0.0.1:${originPort}/answer`, post)).text();
    await (await viaProxy(`http://localhost:${originPort}/answer`, post)).text();
    expect(proxy.requests).toHaveLength(1);
    expect(origin.requests).toHaveLength(4);
  });

  it('rejects with a ProxySettingError when the proxy variable is not an http(s) URL', async () => {
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: 'socks5://127.0.0.1:1080' } });
    expect(await failure(fetch(`http://api.weft.test:${originPort}/answer`))).toEqual({
      error: 'fetch failed',
      cause: 'ProxySettingError',
      message:
        'HTTP_PROXY names a socks5 proxy (socks5://127.0.0.1:1080); only http:// and https:// proxies are supported',
      status: undefined,
    });
    expect(ProxySettingError).toBeDefined();
  });

  it('follows a redirect to another host choosing the proxy again for the new URL', async () => {
    const proxy = await proxyToOrigin();
    origin.route('/moved', (_request, response) => {
      response.writeHead(302, { location: `http://localhost:${originPort}/answer` }).end();
    });
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTP_PROXY: proxy.url } });
    const response = await fetch(`http://api.weft.test:${originPort}/moved`);
    expect(response.redirected).toBe(true);
    expect(await response.json()).toMatchObject({ answered: true });
    // The first hop through the proxy, the second (to loopback) straight to the server.
    expect(proxy.requests.map((request) => request.target)).toEqual([
      `http://api.weft.test:${originPort}/moved`,
    ]);
    expect(origin.requests.map((request) => request.url)).toEqual(['/moved', '/answer']);
  });
});

describe('nodeHttpFetch through a proxy (https URLs: CONNECT tunnel)', () => {
  it('rejects with a ProxyError carrying the status when the proxy refuses the tunnel', async () => {
    const proxy = await proxyToOrigin({ credentials: { username: 'ann', password: 'right' } });
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTPS_PROXY: proxy.url } });
    expect(await failure(fetch('https://api.weft.test/v1/messages', post))).toEqual({
      error: 'fetch failed',
      cause: 'ProxyError',
      message: `${proxy.url} (HTTPS_PROXY) refused the tunnel to api.weft.test:443: 407 Proxy Authentication Required`,
      status: 407,
    });
    expect(proxy.requests).toMatchObject([
      {
        kind: 'connect',
        target: 'api.weft.test:443',
        rawHeaders: ['host', 'api.weft.test:443', 'connection', 'keep-alive'],
      },
    ]);
  });

  it('an abort while the proxy has not answered CONNECT rejects with the reason and closes the connection', async () => {
    const proxy = await proxyToOrigin({ stallConnect: true });
    const fetch = createNodeHttpFetch({ proxyEnv: { HTTPS_PROXY: proxy.url } });
    const controller = new AbortController();
    const pending = fetch('https://api.weft.test/v1/messages', { ...post, signal: controller.signal }).then(
      () => 'answered',
      (reason: unknown) => reason,
    );
    await expect.poll(() => proxy.requests.length).toBe(1);
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await pending).toBe(reason);
    await expect.poll(() => proxy.openConnections()).toBe(0);
  });

  it.each([
    ['an http:// proxy', false],
    ['an https:// proxy (TLS to the proxy, TLS to the server inside it)', true],
  ])(
    'through %s: one tunnel for two calls, the fields sent direct, and no idle tunnel holding the process',
    async (_label, proxyOverTls) => {
      const secure = new RecordingServer(TEST_TLS);
      const securePort = Number(new URL(await secure.start()).port);
      secure.route('/answer', (_request, response, body) => response.end(`secure ${body}`));
      const proxy = await startForwardProxy({
        resolve: (host) => (host === 'api.weft.test' ? { host: '127.0.0.1', port: securePort } : undefined),
        ...(proxyOverTls ? { tls: TEST_TLS } : {}),
      });
      proxies.push(proxy);
      try {
        const script = `
        import { createNodeHttpFetch } from ${JSON.stringify(BUILT_ENTRY)};
        const viaProxy = createNodeHttpFetch({ proxyEnv: { HTTPS_PROXY: process.env.PROXY } });
        const direct = createNodeHttpFetch({ proxyEnv: {} });
        const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":1}' };
        const bodies = [];
        for (let call = 0; call < 2; call++) bodies.push(await (await viaProxy('https://api.weft.test/answer', init)).text());
        bodies.push(await (await direct(process.env.DIRECT, init)).text());
        await new Promise((resolve) => setImmediate(resolve));
        const holding = process.getActiveResourcesInfo().filter((kind) => /TCP|TLS/.test(kind));
        console.log(JSON.stringify({ bodies, holding }));`;
        const { code, stdout, stderr } = await runTrustingTestCert(script, {
          PROXY: proxy.url,
          DIRECT: `https://127.0.0.1:${securePort}/answer`,
        });
        expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
        expect(JSON.parse(stdout)).toEqual({
          bodies: ['secure {"q":1}', 'secure {"q":1}', 'secure {"q":1}'],
          holding: [],
        });
        expect(proxy.requests).toMatchObject([{ kind: 'connect', target: 'api.weft.test:443', status: 200 }]);
        const [first, second, direct] = secure.requests;
        expect(first!.headers.slice(0, 2)).toEqual(['host', 'api.weft.test']);
        expect(second!.headers).toEqual(first!.headers);
        expect(first!.headers.slice(2)).toEqual(direct!.headers.slice(2));
      } finally {
        await secure.close();
      }
    },
  );
});

describe('ProxyError', () => {
  it('is an Error with the proxy and the status it refused with', () => {
    const error = new ProxyError('refused', { proxy: 'http://p:1', status: 403 });
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, proxy: error.proxy, status: error.status }).toEqual({
      name: 'ProxyError',
      proxy: 'http://p:1',
      status: 403,
    });
  });
});
