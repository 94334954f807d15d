import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchResponse } from './fetch-response.js';
import { nodeFetchClasses } from './node-fetch-classes.js';
import { nodeHttpFetch } from './node-http-fetch.js';
import { responseHead } from './testing/compare-with-node.js';
import { RecordingServer } from './testing/recording-server.js';
import { BUILT_ENTRY, runTrustingTestCert, TEST_TLS } from './testing/trusting-child.js';

const server = new RecordingServer();
const other = new RecordingServer();
let base = '';
let otherBase = '';
const nodeFetch = (input: string, init?: RequestInit) => nodeFetchClasses().fetch(input, init);
const ourFetch = (input: string, init?: RequestInit) => nodeHttpFetch(input, init);
type AnyFetch = typeof ourFetch;

beforeAll(async () => {
  base = await server.start();
  otherBase = await other.start();
  server
    .route('/answer', (_request, response) => {
      response.writeHead(201, 'Made It', [
        'Content-Type',
        'application/json',
        'Set-Cookie',
        'a=1',
        'Set-Cookie',
        'b=2',
        'X-Many',
        'one',
        'X-Many',
        'two',
      ]);
      response.end('{"ok":true}');
    })
    .route('/status', (request, response) => {
      const code = Number(new URL(request.url ?? '', 'http://x').searchParams.get('code'));
      response.writeHead(code);
      response.end(code === 204 || code === 304 ? undefined : `status ${code}`);
    })
    .route('/redirect', (request, response) => {
      const query = new URL(request.url ?? '', 'http://x').searchParams;
      response.writeHead(Number(query.get('code')), { location: query.get('to') ?? '/answer' });
      response.end('moved');
    })
    .route('/loop', (_request, response) => {
      response.writeHead(302, { location: '/loop' });
      response.end();
    })
    .route('/encoded', (request, response) => {
      const coding = new URL(request.url ?? '', 'http://x').searchParams.get('as') ?? '';
      const text = Buffer.from('compressed '.repeat(50));
      const encode: Record<string, (data: Buffer) => Buffer> = {
        gzip: gzipSync,
        'x-gzip': gzipSync,
        deflate: deflateSync,
        'deflate-raw': deflateRawSync,
        br: brotliCompressSync,
        'gzip, br': (data) => brotliCompressSync(gzipSync(data)),
        unknown: (data) => data,
      };
      response.writeHead(200, { 'content-encoding': coding === 'deflate-raw' ? 'deflate' : coding });
      response.end((encode[coding] ?? ((data: Buffer) => data))(text));
    })
    .route('/slow', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('first;');
      server.release = () => response.end('second');
    })
    .route('/cut', (_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
      setTimeout(() => response.socket?.destroy(), 20);
    })
    .route('/hang', () => {})
    .route('/hang-body', (_request, response) => {
      response.writeHead(200);
      response.write('started');
    });
  other.route('/answer', (_request, response) => response.end('other origin'));
});

afterAll(async () => {
  await server.close();
  await other.close();
});

/** The request each fetch sent for the same call, and what each resolved with. */
async function sendBoth(path: string, init?: () => RequestInit) {
  const results = [];
  for (const fetcher of [nodeFetch, ourFetch] as AnyFetch[]) {
    const before = server.requests.length;
    const response = await fetcher(`${base}${path}`, init?.());
    const head = { ...responseHead(response, ['date', 'keep-alive']), text: await response.text() };
    results.push({ sent: server.requests.slice(before), head });
  }
  return { node: results[0], ours: results[1] };
}

async function failure(run: () => Promise<unknown>) {
  try {
    const response = (await run()) as Response;
    await response.text();
    return 'resolved';
  } catch (error) {
    const cause = (error as Error).cause as (Error & { code?: string }) | undefined;
    return {
      name: (error as Error).name,
      message: (error as Error).message,
      cause: cause?.code ?? cause?.message,
    };
  }
}

describe('nodeHttpFetch sends what Node’s fetch sends', () => {
  it.each<[string, string, (() => RequestInit) | undefined]>([
    ['a GET', '/answer?x=1#fragment', undefined],
    [
      'a model SDK’s JSON POST, field case kept',
      '/answer',
      () => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Anthropic/JS 1.0', 'X-Api-Key': 'k' },
        body: JSON.stringify({ model: 'm', stream: true, text: 'é✓' }),
      }),
    ],
    ['a text body with no content type', '/answer', () => ({ method: 'post', body: 'plain' })],
    ['bytes', '/answer', () => ({ method: 'PUT', body: new Uint8Array([104, 105]) })],
    ['form parameters', '/answer', () => ({ method: 'POST', body: new URLSearchParams({ a: '1' }) })],
    ['a POST with no body', '/answer', () => ({ method: 'POST' })],
    ['a PATCH with no body', '/answer', () => ({ method: 'PATCH' })],
    ['a DELETE', '/answer', () => ({ method: 'delete' })],
    ['a custom method, case kept', '/answer', () => ({ method: 'Purge' })],
    [
      'the caller’s accept, user agent, encoding and fetch mode',
      '/answer',
      () => ({
        headers: {
          Accept: 'text/x',
          'user-agent': 'me',
          'accept-encoding': 'identity',
          'sec-fetch-mode': 'navigate',
        },
      }),
    ],
    ['a conditional GET', '/answer', () => ({ headers: { 'If-None-Match': '"v1"' } })],
    ['a range', '/answer', () => ({ headers: { Range: 'bytes=0-1' } })],
    [
      'a Headers object',
      '/answer',
      () => ({ headers: new (nodeFetchClasses().Headers)({ 'X-From': 'headers' }) }),
    ],
    [
      'field pairs',
      '/answer',
      () => ({
        headers: [
          ['X-Pair', '1'],
          ['x-pair', '2'],
        ],
      }),
    ],
  ])('sends %s the same way and reads the answer the same way', async (_name, path, init) => {
    const { node, ours } = await sendBoth(path, init);
    expect(ours).toEqual(node);
  });

  it.each([
    ['301 after a POST (becomes a GET)', 301, 'POST'],
    ['302 after a POST (becomes a GET)', 302, 'POST'],
    ['303 after a PUT (becomes a GET)', 303, 'PUT'],
    ['307 after a POST (method and body kept)', 307, 'POST'],
    ['308 after a PUT (method and body kept)', 308, 'PUT'],
    ['301 after a PUT (method kept)', 301, 'PUT'],
  ])('follows a redirect, %s', async (_name, code, method) => {
    const { node, ours } = await sendBoth(`/redirect?code=${code}`, () => ({
      method,
      headers: { 'content-type': 'application/json', authorization: 'Bearer same-origin' },
      body: '{"a":1}',
    }));
    expect(ours).toEqual(node);
    expect(ours?.head.redirected).toBe(true);
  });

  it('drops the credentials when a redirect leaves the origin', async () => {
    const sent = [];
    for (const fetcher of [nodeFetch, ourFetch]) {
      const before = other.requests.length;
      const response = await fetcher(
        `${base}/redirect?code=307&to=${encodeURIComponent(`${otherBase}/answer`)}`,
        {
          method: 'POST',
          headers: { authorization: 'Bearer secret', cookie: 'c=1', 'content-type': 'text/plain' },
          body: 'payload',
        },
      );
      expect(await response.text()).toBe('other origin');
      sent.push(
        other.requests.slice(before).map((request) => ({ ...request, headers: request.headers.slice(2) })),
      );
    }
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]?.[0]?.headers).not.toContain('authorization');
  });

  it('gives up after 20 redirects, as Node’s fetch does', async () => {
    expect(await failure(() => ourFetch(`${base}/loop`))).toEqual(
      await failure(() => nodeFetch(`${base}/loop`)),
    );
  });

  it.each(['gzip', 'x-gzip', 'deflate', 'deflate-raw', 'br', 'gzip, br', 'unknown'])(
    'decodes a body sent as %s',
    async (coding) => {
      const { node, ours } = await sendBoth(`/encoded?as=${encodeURIComponent(coding)}`);
      expect(ours?.head).toEqual(node?.head);
    },
  );

  it.each([200, 204, 304, 404, 500, 599])('reads a %i answer as Node’s fetch does', async (code) => {
    const { node, ours } = await sendBoth(`/status?code=${code}`);
    expect(ours).toEqual(node);
  });

  it('has no body for a HEAD request', async () => {
    const { node, ours } = await sendBoth('/answer', () => ({ method: 'HEAD' }));
    expect(ours).toEqual(node);
  });
});

describe('nodeHttpFetch streams, keeps connections and fails as Node’s fetch does', () => {
  it('hands over the body as it arrives, before the server has finished', async () => {
    const response = await ourFetch(`${base}/slow`);
    expect(response).toBeInstanceOf(FetchResponse);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    server.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('second');
  });

  it('sends calls one after another over one kept-alive connection', async () => {
    const before = server.connections;
    for (let call = 0; call < 3; call++) await (await ourFetch(`${base}/answer`)).text();
    expect(server.connections - before).toBeLessThanOrEqual(1);
  });

  it('rejects with TypeError "fetch failed" and Node’s error as cause when nothing listens', async () => {
    const closed = new RecordingServer();
    const address = await closed.start();
    await closed.close();
    const ours = await failure(() => ourFetch(`${address}/`));
    expect(ours).toEqual(await failure(() => nodeFetch(`${address}/`)));
    expect(ours).toMatchObject({ name: 'TypeError', message: 'fetch failed', cause: 'ECONNREFUSED' });
  });

  it('errors the body with TypeError "terminated" when the connection breaks mid-body', async () => {
    const ours = await failure(() => ourFetch(`${base}/cut`));
    const node = await failure(() => nodeFetch(`${base}/cut`));
    expect(ours).toMatchObject({ name: 'TypeError', message: 'terminated' });
    expect(node).toMatchObject({ name: 'TypeError', message: 'terminated' });
  });

  it.each([
    ['before it is sent', 'before'],
    ['while waiting for the answer', 'head'],
    ['while the body streams', 'body'],
  ])('rejects with the signal’s reason when aborted %s', async (_name, when) => {
    const outcomes = [];
    for (const fetcher of [nodeFetch, ourFetch]) {
      const controller = new AbortController();
      if (when === 'before') controller.abort();
      const path = when === 'body' ? '/hang-body' : '/hang';
      outcomes.push(
        await failure(async () => {
          const pending = fetcher(`${base}${path}`, { signal: controller.signal });
          if (when === 'head') setTimeout(() => controller.abort(), 30);
          const response = await pending;
          setTimeout(() => controller.abort(), 30);
          return response;
        }),
      );
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[1]).toMatchObject({ name: 'AbortError' });
  });

  it('closes the connection when the body is cancelled', async () => {
    const closedBefore = server.closedSockets;
    const response = await ourFetch(`${base}/hang-body`);
    await response.body?.cancel();
    await expect.poll(() => server.closedSockets).toBeGreaterThan(closedBefore);
  });

  it.each<[string, unknown, RequestInit | undefined]>([
    ['a data: URL', 'data:text/plain,hello', undefined],
    ['a stream body', '/answer', { method: 'POST', body: new Blob(['blob body']) }],
    ['a redirect mode other than follow', '/redirect?code=302', { redirect: 'manual' }],
    ['a bad port', 'http://127.0.0.1:1/', undefined],
    ['a GET with a body', '/answer', { method: 'GET', body: 'x' }],
    ['a method fetch refuses', '/answer', { method: 'CONNECT' }],
    ['an invalid field', '/answer', { headers: { a: 'x\ny' } }],
    ['a field value with a control character', '/answer', { headers: { a: 'x\u0001y' } }],
    ['credentials in the URL', 'http://user:pass@127.0.0.1/', undefined],
  ])('leaves %s to Node’s fetch, with its result or its error', async (_name, target, init) => {
    const url =
      typeof target === 'string' && target.startsWith('/') ? `${base}${target}` : (target as string);
    const settle = async (fetcher: AnyFetch) => {
      try {
        const response = await fetcher(url, init);
        return {
          status: response.status,
          text: await response.text(),
          node: !(response instanceof FetchResponseOnly),
        };
      } catch (error) {
        return {
          threw: (error as Error).message,
          cause: ((error as Error).cause as Error | undefined)?.message,
        };
      }
    };
    expect(await settle(ourFetch)).toEqual(await settle(nodeFetch));
  });
});

describe('nodeHttpFetch over HTTPS', () => {
  // The fetches run in a child process that trusts the test certificate.
  const secure = new RecordingServer(TEST_TLS);
  let secureBase = '';

  beforeAll(async () => {
    secureBase = await secure.start();
    secure.route('/answer', (request, response) => {
      const brotli = String(request.headers['accept-encoding']).includes('br');
      response.writeHead(200, {
        'content-type': 'application/json',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
      });
      const body = Buffer.from(JSON.stringify({ secure: true, padding: 'x'.repeat(2000) }));
      response.end(brotli ? brotliCompressSync(body) : body);
    });
  });
  afterAll(() => secure.close());

  it('sends the same fields as Node’s fetch (br first in accept-encoding) and decodes the same answer', async () => {
    const script = `
      import { nodeHttpFetch } from ${JSON.stringify(BUILT_ENTRY)};
      const results = [];
      for (const fetcher of [fetch, nodeHttpFetch]) {
        const response = await fetcher(process.env.TARGET, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'k' },
          body: '{"model":"m"}',
        });
        const headers = [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive');
        results.push({ status: response.status, url: response.url, headers, body: await response.json() });
      }
      console.log(JSON.stringify(results));`;
    const { code, stdout, stderr } = await runTrustingTestCert(script, { TARGET: `${secureBase}/answer` });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const [node, ours] = JSON.parse(stdout) as unknown[];
    expect(ours).toEqual(node);
    expect(ours).toMatchObject({ status: 200, body: { secure: true } });
    const [nodeSent, ourSent] = secure.requests;
    expect(ourSent).toEqual(nodeSent);
    expect(ourSent?.headers).toContain('br, gzip, deflate');
  });
});

/** Only this package's own responses: Node's count as FetchResponse instances too. */
const FetchResponseOnly = {
  [Symbol.hasInstance]: (value: unknown) =>
    value instanceof FetchResponse && !(value instanceof nodeFetchClasses().Response),
};
