import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDir } from '../fs/temp-dir.js';
import { parseServeArgs, UsageError } from './parse-serve-args.js';

const BIN = fileURLToPath(new URL('../../dist/cli/weft-testkit.js', import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

function serve(args: string[]): Promise<string> {
  child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child?.stdout?.on('data', (data: Buffer) => {
      out += data.toString();
      const url = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child?.on('exit', (code) => reject(new Error(`weft-testkit exited with ${code}`)));
  });
}

describe('weft-testkit serve', () => {
  it('serves a script file to a real SDK, rules first, then the turns in order', async () => {
    using dir = createTempDir('testkit-cli-');
    const script = dir.join('script.json');
    writeFileSync(
      script,
      JSON.stringify({
        turns: [{ content: [{ type: 'text', text: 'first' }] }],
        rules: [{ when: { lastUserText: 'special' }, turn: { content: [{ type: 'text', text: 'ruled' }] } }],
      }),
    );
    const url = await serve(['--script', script]);
    const client = new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
    const ruled = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'special' }],
    });
    const first = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect([ruled.choices[0]?.message.content, first.choices[0]?.message.content]).toEqual([
      'ruled',
      'first',
    ]);
  });

  it('exits with 2 and the usage text on a bad flag', async () => {
    const proc = spawn(process.execPath, [BIN, 'serve', '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port must be an integer');
    expect(err).toContain('Usage: weft-testkit serve');
  });
});

describe('parseServeArgs', () => {
  it('reads every flag', () => {
    expect(
      parseServeArgs([
        'serve',
        '--port',
        '8080',
        '--script',
        's.json',
        '--loose',
        '--loop',
        '--api-key',
        'k',
      ]),
    ).toEqual({
      port: 8080,
      scriptFile: 's.json',
      strict: false,
      loop: true,
      apiKey: 'k',
    });
  });

  it('names an unknown command or option', () => {
    expect(() => parseServeArgs(['run'])).toThrow(new UsageError('unknown command "run"'));
    expect(() => parseServeArgs(['serve', '--verbose'])).toThrow(
      new UsageError('unknown option "--verbose"'),
    );
  });
});
