import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FakeModelServer, type ForwardProxy, startForwardProxy } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  connect,
  createSandbox,
  runWeft,
  type Sandbox,
  TEST_PROVIDERS,
  type TestProvider,
} from './weft-process.test-support.js';

const RECORDER = fileURLToPath(new URL('./loaded-modules.test-support.cjs', import.meta.url));
const UNDICI = 'internal/deps/undici/undici';

let server: FakeModelServer;
beforeAll(async () => {
  server = await FakeModelServer.start({
    turns: [{ content: [{ type: 'text', text: 'Over node:http.' }] }],
    loop: true,
  });
});
afterAll(() => server.close());

/** One print-mode prompt; returns its answer and the built-in modules the process loaded. */
async function prompt(provider: (typeof TEST_PROVIDERS)[number], extraEnv: NodeJS.ProcessEnv = {}) {
  const sandbox = createSandbox();
  try {
    const model = connect(sandbox, provider, server);
    const record = sandbox.dir.join('modules.txt');
    const run = await runWeft(['-p', 'Say it.', '--model', model, '--no-session'], {
      env: {
        ...sandbox.env,
        ...extraEnv,
        NODE_OPTIONS: `--require ${RECORDER}`,
        WEFT_TEST_LOADED_MODULES: record,
      },
      cwd: sandbox.project,
    });
    return { run, modules: readFileSync(record, 'utf8').split('\n') };
  } finally {
    sandbox.remove();
  }
}

describe.concurrent('the model calls’ transport', () => {
  test.each(TEST_PROVIDERS)(
    '%s: the call goes over node:http, and Node’s undici is never loaded',
    async (provider) => {
      const { run, modules } = await prompt(provider);
      expect(run).toMatchObject({ code: 0, stdout: 'Over node:http.\n' });
      expect(modules).toContain('http');
      expect(modules).not.toContain(UNDICI);
    },
  );

  test('WEFT_NODE_FETCH=1 makes the calls with Node’s own fetch', async () => {
    const { run, modules } = await prompt('anthropic', { WEFT_NODE_FETCH: '1' });
    expect(run).toMatchObject({ code: 0, stdout: 'Over node:http.\n' });
    expect(modules).toContain(UNDICI);
  });
});

/** The made-up host the provider's base URL names: only the proxy knows where it is. */
const MADE_UP_HOST = 'models.weft.test';

/** Points the provider at MADE_UP_HOST in place of 127.0.0.1 (a loopback URL never goes through a proxy). */
function connectThroughMadeUpHost(sandbox: Sandbox, provider: TestProvider): string {
  const model = connect(sandbox, provider, server);
  const rename = (url: string) => url.replace('//127.0.0.1:', `//${MADE_UP_HOST}:`);
  for (const name of ['ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL', 'GEMINI_BASE_URL']) {
    const value = sandbox.env[name];
    if (value !== undefined) sandbox.env[name] = rename(value);
  }
  if (provider === 'compatible') {
    sandbox.userSettings({
      providers: { local: { baseUrl: rename(server.baseUrls.openai), apiKeyEnv: 'LOCAL_LLM_KEY' } },
    });
  }
  return model;
}

describe.concurrent('the model calls through an HTTP proxy (HTTP_PROXY / HTTPS_PROXY)', () => {
  let proxy: ForwardProxy;
  let guarded: ForwardProxy;
  const port = () => Number(new URL(server.url).port);
  beforeAll(async () => {
    const resolve = (host: string) =>
      host === MADE_UP_HOST ? { host: '127.0.0.1', port: port() } : undefined;
    proxy = await startForwardProxy({ resolve });
    guarded = await startForwardProxy({ resolve, credentials: { username: 'weft', password: 's3cret' } });
  });
  afterAll(async () => {
    await proxy.close();
    await guarded.close();
  });

  test.each(TEST_PROVIDERS)(
    '%s: the call goes to the proxy, which alone can reach the server',
    async (provider) => {
      const sandbox = createSandbox();
      try {
        const model = connectThroughMadeUpHost(sandbox, provider);
        const run = await runWeft(['-p', 'Say it.', '--model', model, '--no-session'], {
          env: { ...sandbox.env, HTTP_PROXY: proxy.url },
          cwd: sandbox.project,
        });
        expect(run).toMatchObject({ code: 0, stdout: 'Over node:http.\n' });
        const base = `http://${MADE_UP_HOST}:${port()}/`;
        expect(
          proxy.requests.some((request) => request.target.startsWith(base) && request.status === 200),
        ).toBe(true);
      } finally {
        sandbox.remove();
      }
    },
  );

  test('credentials in the proxy URL are sent; without them the run fails at once, naming the proxy and its 407', async () => {
    const sandbox = createSandbox();
    try {
      const model = connectThroughMadeUpHost(sandbox, 'anthropic');
      const args = ['-p', 'Say it.', '--model', model, '--no-session'];
      const withCredentials = guarded.url.replace('//', '//weft:s3cret@');
      const accepted = await runWeft(args, {
        env: { ...sandbox.env, http_proxy: withCredentials },
        cwd: sandbox.project,
      });
      expect(accepted).toMatchObject({ code: 0, stdout: 'Over node:http.\n' });

      const refused = await runWeft(args, {
        env: { ...sandbox.env, http_proxy: guarded.url },
        cwd: sandbox.project,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `${guarded.url} (http_proxy) refused the request: 407 Proxy Authentication Required`,
      );
      expect(refused.stderr).not.toContain('s3cret');
    } finally {
      sandbox.remove();
    }
  });
});
