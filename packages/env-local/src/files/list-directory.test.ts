import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

describe('listDirectory', () => {
  it('treats a depth below 1 as 1 and rounds fractional depths down', async () => {
    using dir = createTempDir('weft-list-');
    mkdirSync(dir.join('a/b'), { recursive: true });
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    expect((await env.listDirectory('.', { depth: 0 })).map((entry) => entry.name)).toEqual(['a']);
    expect((await env.listDirectory('.', { depth: 1.9 })).map((entry) => entry.name)).toEqual(['a']);
  });

  it('does not follow a symlink to a folder, so a link cycle cannot loop', async () => {
    using dir = createTempDir('weft-list-');
    mkdirSync(dir.join('a'));
    writeFileSync(dir.join('a/file.txt'), 'x');
    symlinkSync(dir.path, dir.join('a/loop'));
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const names = (await env.listDirectory('.', { depth: 50 }))
      .map((entry) => `${entry.name}:${entry.type}`)
      .sort();
    expect(names).toEqual(['a/file.txt:file', 'a/loop:symlink', 'a:directory']);
  });

  it('stops with ABORTED when its signal is aborted', async () => {
    using dir = createTempDir('weft-list-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const controller = new AbortController();
    controller.abort();
    await expect(env.listDirectory('.', { signal: controller.signal })).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });
});
