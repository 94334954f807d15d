import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FakeModelServer } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect, createSandbox, runWeft, TEST_PROVIDERS } from './weft-process.test-support.js';

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
