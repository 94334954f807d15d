import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { NO_PROVIDER_MESSAGE } from '../runtime/providers.js';
import { createSandbox, runWeft } from './weft-process.test-support.js';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe.concurrent('the command line', () => {
  test('without any API key: one message naming the variables to set, exit code 2', async () => {
    const sandbox = createSandbox();
    try {
      const run = await runWeft(['-p', 'Fix the bug.'], { env: sandbox.env, cwd: sandbox.project });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`weft: ${NO_PROVIDER_MESSAGE}\n`);
      expect(NO_PROVIDER_MESSAGE).toMatch(/ANTHROPIC_API_KEY.*OPENAI_API_KEY.*GEMINI_API_KEY/);
    } finally {
      sandbox.remove();
    }
  });

  test('a key for one provider while another is asked for names that provider’s variable', async () => {
    const sandbox = createSandbox();
    sandbox.env.ANTHROPIC_API_KEY = 'test-key';
    try {
      const run = await runWeft(['-p', 'hi', '--provider', 'openai'], {
        env: sandbox.env,
        cwd: sandbox.project,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('weft: The provider "openai" has no API key: set OPENAI_API_KEY.\n');
    } finally {
      sandbox.remove();
    }
  });

  test('--version prints the package version; --help lists every flag', async () => {
    const sandbox = createSandbox();
    try {
      const version = await runWeft(['--version'], { env: sandbox.env, cwd: sandbox.project });
      expect(version).toMatchObject({ code: 0, stdout: `${packageVersion}\n`, stderr: '' });
      const help = await runWeft(['--help'], { env: sandbox.env, cwd: sandbox.project });
      expect(help.code).toBe(0);
      for (const flag of [
        '--print',
        '--output',
        '--mode',
        '--provider',
        '--model',
        '--effort',
        '--cwd',
        '--tools',
        '--allowed-tools',
        '--max-turns',
        '--max-cost-usd',
        '--system-prompt-append',
        '--continue',
        '--resume',
        '--fork',
        '--no-session',
        '--all',
      ]) {
        expect(help.stdout).toContain(flag);
      }
    } finally {
      sandbox.remove();
    }
  });

  test.each([
    [['--bogus'], "weft: Unknown option '--bogus'."],
    [
      ['--effort', 'extreme', '-p', 'x'],
      'weft: --effort must be one of none, minimal, low, medium, high, xhigh (got "extreme").',
    ],
    [['--max-turns', '0', '-p', 'x'], 'weft: --max-turns must be a whole number of at least 1 (got 0).'],
    [
      ['--continue', '--resume', 'abc', '-p', 'x'],
      'weft: Choose one of --continue, --resume and --fork (got --continue and --resume).',
    ],
    [
      ['--mode', 'rpc', 'a task'],
      'weft: --mode rpc takes its prompts on stdin as JSON commands, not as arguments.',
    ],
    [['-p'], 'weft: The task on stdin is empty: weft -p "task", or echo "task" | weft -p.'],
  ])('usage error %j: one message and a pointer to --help, exit code 2', async (args, message) => {
    const sandbox = createSandbox();
    sandbox.env.ANTHROPIC_API_KEY = 'test-key';
    try {
      const run = await runWeft(args, { env: sandbox.env, cwd: sandbox.project });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`${message}\nRun "weft --help" for the options.\n`);
    } finally {
      sandbox.remove();
    }
  });

  test('a broken settings file is a configuration error naming the file and the key', async () => {
    const sandbox = createSandbox();
    sandbox.env.ANTHROPIC_API_KEY = 'test-key';
    sandbox.projectSettings({ tools: 'everything' });
    try {
      const run = await runWeft(['-p', 'hi'], { env: sandbox.env, cwd: sandbox.project });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `weft: ${sandbox.project}/.weft/settings.json: "tools" must be one of default, minimal, readonly (got "everything").\n`,
      );
    } finally {
      sandbox.remove();
    }
  });
});
