import { spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import { fixtureCommand, runFixture } from '../test-fixtures/run-child.js';

describe('writeFile is atomic', () => {
  it('leaves the old content and no temp file when the write fails part-way (file size limit)', async () => {
    using work = createTempDir('weft-atomic-efbig-');
    writeFileSync(work.join('data.txt'), 'old content\n');
    // ulimit -f counts 1 KiB blocks: the 2 MB write fails with EFBIG after 100 KiB.
    const output = await runFixture(
      'write-in-child.ts',
      [work.path, 'data.txt', '2000000', 'n'],
      'ulimit -f 100; ',
    );
    const outcome = JSON.parse(output.trim().split('\n').pop()!);
    expect(outcome).toMatchObject({ ok: false, code: 'IO_ERROR' });
    expect(outcome.message).toContain(work.join('data.txt'));
    expect(readFileSync(work.join('data.txt'), 'utf8')).toBe('old content\n');
    expect(readdirSync(work.path)).toEqual(['data.txt']);
  });

  it('leaves the old or the new content, never a mix, when the writer is killed mid-write', async () => {
    using work = createTempDir('weft-atomic-kill-');
    writeFileSync(work.join('data.txt'), 'old content\n');
    const size = 200 * 1024 * 1024;
    const command = fixtureCommand('write-in-child.ts', [work.path, 'data.txt', String(size), 'n']);
    const child = spawn(command.file, command.args, {
      cwd: command.cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('writing')) setTimeout(resolve, 50);
      });
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const after = statSync(work.join('data.txt'));
    if (after.size === size) {
      expect(readFileSync(work.join('data.txt')).every((byte) => byte === 0x6e)).toBe(true);
    } else {
      expect(readFileSync(work.join('data.txt'), 'utf8')).toBe('old content\n');
    }
    // A killed writer may leave its temp file behind (it is hidden and named for the target), never a partial target.
    for (const name of readdirSync(work.path))
      expect(name === 'data.txt' || /^\.data\.txt\.[0-9a-f]+\.weft-tmp$/.test(name)).toBe(true);
  });

  it('keeps the mode of the file it replaces', async () => {
    using work = createTempDir('weft-atomic-mode-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    writeFileSync(work.join('script.sh'), '#!/bin/sh\n');
    chmodSync(work.join('script.sh'), 0o741);
    await env.writeFile('script.sh', '#!/bin/sh\necho hi\n');
    expect(statSync(work.join('script.sh')).mode & 0o7777).toBe(0o741);
  });

  it('gives a new file the mode a plain create would (0666 less the umask)', async () => {
    using work = createTempDir('weft-atomic-new-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    await env.writeFile('fresh.txt', 'x');
    writeFileSync(work.join('plain.txt'), 'x');
    expect(statSync(work.join('fresh.txt')).mode & 0o7777).toBe(
      statSync(work.join('plain.txt')).mode & 0o7777,
    );
  });

  it('ends with one whole version when two writes race', async () => {
    using work = createTempDir('weft-atomic-race-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    const a = 'a'.repeat(1_000_000);
    const b = 'b'.repeat(1_000_000);
    await Promise.all([env.writeFile('race.txt', a), env.writeFile('race.txt', b)]);
    expect([a, b]).toContain(readFileSync(work.join('race.txt'), 'utf8'));
    expect(readdirSync(work.path)).toEqual(['race.txt']);
  });
});
