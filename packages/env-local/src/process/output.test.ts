import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { orderedWrites } from '../conformance/handshake.js';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

// Spill files live until cleanup(); every environment here is cleaned up so none is left in /tmp.
const environments: LocalExecutionEnvironment[] = [];
afterEach(async () => {
  for (const env of environments.splice(0)) await env.cleanup();
});
function track(env: LocalExecutionEnvironment): LocalExecutionEnvironment {
  environments.push(env);
  return env;
}

describe('output window and spill file', () => {
  it('holds exactly the window in stdout while a 10 MB+ output spills whole to a file', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    // 1,400,000 numbered lines of 8 bytes: 11.2 MB, every line different.
    const result = await env.execCommand('seq 1000001 2400000');
    const expected = Buffer.from(
      `${Array.from({ length: 1_400_000 }, (_, index) => index + 1_000_001).join('\n')}\n`,
    );
    expect(result.totalBytes).toBe(11_200_000);
    expect(Buffer.byteLength(result.stdout)).toBe(100 * 1024);
    expect(expected.subarray(-100 * 1024).toString()).toBe(result.stdout);
    expect(result.outputTruncated).toBe(true);
    expect(readFileSync(result.fullOutputPath!).equals(expected)).toBe(true);
  });

  it('keeps a short output in memory only, with no spill file', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    const result = await env.execCommand('head -c 51200 /dev/zero | tr "\\0" a');
    expect(result.totalBytes).toBe(51_200);
    expect(result.fullOutputPath).toBeUndefined();
    expect(result.outputTruncated).toBe(false);
  });

  it('spills once the output passes the threshold, even before the window is full', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    const result = await env.execCommand('head -c 51201 /dev/zero | tr "\\0" a');
    expect(result.outputTruncated).toBe(false);
    expect(readFileSync(result.fullOutputPath!, 'utf8')).toBe('a'.repeat(51_201));
  });

  it('honours the window, threshold and spill-folder options', async () => {
    using dir = createTempDir('weft-output-');
    using spills = createTempDir('weft-spills-');
    const env = track(
      new LocalExecutionEnvironment({
        workingDirectory: dir.path,
        outputWindowBytes: 1000,
        spillThresholdBytes: 500,
        spillDirectory: spills.path,
      }),
    );
    const result = await env.execCommand('seq 1 1000');
    expect(Buffer.byteLength(result.stdout)).toBe(1000);
    expect(result.fullOutputPath?.startsWith(`${spills.path}/weft-output-`)).toBe(true);
    expect(readFileSync(result.fullOutputPath!, 'utf8').split('\n').length).toBe(1001);
  });

  it('spills both streams, interleaved as they arrived', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(
      new LocalExecutionEnvironment({
        workingDirectory: dir.path,
        outputWindowBytes: 64,
        spillThresholdBytes: 16,
      }),
    );
    const writes = orderedWrites(
      [1, 2, 3, 4, 5, 6].flatMap((index) => [
        ['stdout', `out ${index}`] as const,
        ['stderr', `err ${index}`] as const,
      ]),
      (name) => writeFileSync(dir.join(name), ''),
    );
    const result = await env.execCommand(writes.command, { onOutput: writes.onOutput });
    const lines = readFileSync(result.fullOutputPath!, 'utf8').trim().split('\n');
    expect(lines).toEqual([1, 2, 3, 4, 5, 6].flatMap((index) => [`out ${index}`, `err ${index}`]));
    expect(result.stderr.endsWith('err 6\n')).toBe(true);
    expect(result.stdout.endsWith('out 6\n')).toBe(true);
  });

  it('deletes its spill files on cleanup', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    const result = await env.execCommand('seq 1 100000');
    expect(existsSync(result.fullOutputPath!)).toBe(true);
    await env.cleanup();
    expect(existsSync(result.fullOutputPath!)).toBe(false);
  });

  it('keeps running when an onOutput listener throws', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    const result = await env.execCommand('echo a; echo b', {
      onOutput: () => {
        throw new Error('listener bug');
      },
    });
    expect(result).toMatchObject({ stdout: 'a\nb\n', exitCode: 0 });
  });

  it('decodes invalid UTF-8 as replacement characters without losing the bytes in the spill file', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(new LocalExecutionEnvironment({ workingDirectory: dir.path, spillThresholdBytes: 0 }));
    const result = await env.execCommand("printf 'ok \\xff\\xfe end'");
    expect(result.stdout).toBe('ok \uFFFD\uFFFD end');
    expect([...readFileSync(result.fullOutputPath!)]).toEqual([...Buffer.from('ok \xff\xfe end', 'latin1')]);
  });

  it('never spills when the threshold is Infinity', async () => {
    using dir = createTempDir('weft-output-');
    const env = track(
      new LocalExecutionEnvironment({
        workingDirectory: dir.path,
        spillThresholdBytes: Number.POSITIVE_INFINITY,
      }),
    );
    const result = await env.execCommand('seq 1 100000');
    expect(result).toMatchObject({ outputTruncated: true, totalBytes: 588_895 });
    expect(result.fullOutputPath).toBeUndefined();
  });

  it('refuses a spill threshold larger than the window', () => {
    expect(
      () =>
        new LocalExecutionEnvironment({
          workingDirectory: '/tmp',
          outputWindowBytes: 100,
          spillThresholdBytes: 200,
        }),
    ).toThrow(/must not exceed outputWindowBytes/);
  });
});
