import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import type { LocalExecutionEnvironmentOptions } from '../options.js';

const host = {
  PATH: process.env.PATH,
  HOME: '/home/host',
  LANG: 'C.UTF-8',
  LC_CTYPE: 'C.UTF-8',
  GOPATH: '/go',
  CARGO_HOME: '/cargo',
  NVM_DIR: '/nvm',
  PROJECT_FLAG: 'on',
  OPENAI_API_KEY: 'sk-1',
  github_token: 'ghp-2',
  DB_PASSWORD: 'pw',
  SIGNING_SECRET: 's',
  GCP_CREDENTIAL: 'c',
  GOOGLE_APPLICATION_CREDENTIALS: '/key.json',
  AWS_SECRET_ACCESS_KEY: 'aws',
  TOKEN_COUNT: '12', // a name that merely starts with a secret word is not a secret
};

/** The variables a command actually sees, read back from `env` inside bash. */
async function visibleVariables(options: Partial<LocalExecutionEnvironmentOptions> = {}, perCall = {}) {
  using dir = createTempDir('weft-envvars-');
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, sourceEnv: host, ...options });
  const result = await env.execCommand('env -0', { env: perCall });
  const pairs = result.stdout.split('\0').filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

describe('environment-variable policy', () => {
  it('inherits every host variable by default, except secret-looking ones', async () => {
    const seen = await visibleVariables();
    expect(seen).toMatchObject({ HOME: '/home/host', PROJECT_FLAG: 'on', GOPATH: '/go', TOKEN_COUNT: '12' });
    for (const secret of [
      'OPENAI_API_KEY',
      'github_token',
      'DB_PASSWORD',
      'SIGNING_SECRET',
      'GCP_CREDENTIAL',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'AWS_SECRET_ACCESS_KEY',
    ]) {
      expect(seen).not.toHaveProperty(secret);
    }
  });

  it("passes only the core variables with 'core' (PATH, HOME, locale, language paths)", async () => {
    const seen = await visibleVariables({ envPolicy: 'core' });
    expect(seen).toMatchObject({
      HOME: '/home/host',
      LANG: 'C.UTF-8',
      LC_CTYPE: 'C.UTF-8',
      GOPATH: '/go',
      CARGO_HOME: '/cargo',
      NVM_DIR: '/nvm',
    });
    expect(seen.PATH).toBe(process.env.PATH);
    expect(seen).not.toHaveProperty('PROJECT_FLAG');
    expect(seen).not.toHaveProperty('OPENAI_API_KEY');
  });

  it("lets extraCoreVariables through with 'core'", async () => {
    expect(
      await visibleVariables({ envPolicy: 'core', extraCoreVariables: ['PROJECT_FLAG'] }),
    ).toHaveProperty('PROJECT_FLAG', 'on');
  });

  it("passes no host variable with 'none'", async () => {
    const seen = await visibleVariables({ envPolicy: 'none', nonInteractive: false });
    expect(seen).not.toHaveProperty('HOME');
    expect(seen).not.toHaveProperty('PROJECT_FLAG');
    expect(seen).not.toHaveProperty('PATH', process.env.PATH);
  });

  it('keeps secrets when secretPatterns is empty, and applies custom patterns instead of the defaults', async () => {
    expect(await visibleVariables({ secretPatterns: [] })).toHaveProperty('OPENAI_API_KEY', 'sk-1');
    const custom = await visibleVariables({ secretPatterns: [/^PROJECT_/i] });
    expect(custom).not.toHaveProperty('PROJECT_FLAG');
    expect(custom).toHaveProperty('OPENAI_API_KEY', 'sk-1');
  });

  it('adds the host-level env and then the per-call env on top, unfiltered', async () => {
    const seen = await visibleVariables(
      { env: { SERVICE_TOKEN: 'granted', LEVEL: 'host' } },
      { LEVEL: 'call', CALL_API_KEY: 'explicit' },
    );
    expect(seen).toMatchObject({ SERVICE_TOKEN: 'granted', LEVEL: 'call', CALL_API_KEY: 'explicit' });
  });

  it('sets the non-interactive variables, which the per-call env may override', async () => {
    const seen = await visibleVariables({}, { PAGER: 'less' });
    expect(seen).toMatchObject({
      PAGER: 'less',
      GIT_PAGER: 'cat',
      EDITOR: 'false',
      VISUAL: 'false',
      GIT_EDITOR: 'false',
      GIT_TERMINAL_PROMPT: '0',
      DEBIAN_FRONTEND: 'noninteractive',
    });
  });

  it('leaves the non-interactive variables out when nonInteractive is false', async () => {
    expect(await visibleVariables({ nonInteractive: false })).not.toHaveProperty('GIT_TERMINAL_PROMPT');
  });
});
