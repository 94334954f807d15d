import { writeFileSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

describe('reading files', () => {
  it('reads files that report size 0, such as /proc files, to their end', async () => {
    const env = new LocalExecutionEnvironment({ workingDirectory: '/tmp' });
    const text = Buffer.from(await env.readFile('/proc/self/status')).toString('utf8');
    expect(text).toMatch(/^Name:/);
  });

  it('rejects a negative or fractional range with a message naming the file', async () => {
    using dir = createTempDir('weft-read-');
    writeFileSync(dir.join('a.txt'), 'abc');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    await expect(env.readFile('a.txt', { start: -1 })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: `Invalid byte range for ${dir.join('a.txt')}: start must be a non-negative integer, got -1`,
    });
    await expect(env.readFile('a.txt', { end: 1.5 })).rejects.toMatchObject({ code: 'IO_ERROR' });
  });

  it('gives no bytes for an empty or inverted range', async () => {
    using dir = createTempDir('weft-read-');
    writeFileSync(dir.join('a.txt'), 'abcdef');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    expect((await env.readFile('a.txt', { start: 4, end: 2 })).length).toBe(0);
    expect((await env.readFile('a.txt', { start: 3, end: 3 })).length).toBe(0);
  });

  it('stops a stream with ABORTED when its signal is aborted', async () => {
    using dir = createTempDir('weft-read-');
    writeFileSync(dir.join('big.bin'), Buffer.alloc(1024 * 1024));
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const controller = new AbortController();
    let chunks = 0;
    const reading = (async () => {
      for await (const _ of env.readFileStream('big.bin', { signal: controller.signal })) {
        chunks++;
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ code: 'ABORTED' });
    expect(chunks).toBe(1);
  });

  it('reports a path through a file as missing in stat rather than failing', async () => {
    using dir = createTempDir('weft-read-');
    writeFileSync(dir.join('a.txt'), '');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    expect(await env.stat('a.txt/b')).toBeUndefined();
  });

  it('reports a dangling symlink as missing', async () => {
    using dir = createTempDir('weft-read-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    await env.execCommand('ln -s nowhere dangling');
    expect(await env.stat('dangling')).toBeUndefined();
    expect(await env.fileExists('dangling')).toBe(false);
    expect((await env.listDirectory('.')).map((entry) => entry.type)).toEqual(['symlink']);
  });
});
