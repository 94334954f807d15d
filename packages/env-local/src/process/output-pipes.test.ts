import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import { FifoPool } from './fifo-pool.js';
import { OutputPipes } from './output-pipes.js';
import { runProcess } from './run-process.js';

const limits = (dir: string) => ({ windowBytes: 1000, spillThresholdBytes: 500, spillDirectory: dir });

describe('output pipes', () => {
  it('gives the first command ordinary pipes without running mkfifo, FIFOs from the second on', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    const first = await OutputPipes.open(pool);
    expect(first.stdio).toEqual(['pipe', 'pipe']);
    first.destroy();
    const second = await OutputPipes.open(pool);
    expect(second.stdio.every((fd) => typeof fd === 'number')).toBe(true);
    second.destroy();
    pool.dispose();
  });

  it('closes a batch that was still being made when the pool was disposed', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    // A mkfifo that counts its runs, first on PATH.
    const bin = parent.join('bin');
    mkdirSync(bin);
    const real = execFileSync('/bin/sh', ['-c', 'command -v mkfifo'], { encoding: 'utf8' }).trim();
    writeFileSync(
      join(bin, 'mkfifo'),
      `#!/bin/sh\necho run >> '${parent.join('runs')}'\nexec '${real}' "$@"\n`,
    );
    chmodSync(join(bin, 'mkfifo'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const pool = new FifoPool(parent.path);
      const before = readdirSync('/proc/self/fd').length;
      const taking = pool.take(); // starts a batch
      pool.dispose();
      const fifo = (await taking)!; // that batch was closed: this pipe comes from a second one
      expect(readFileSync(parent.join('runs'), 'utf8')).toBe('run\nrun\n');
      pool.dispose();
      for (const fd of [fifo.readFd, fifo.writeFd]) closeSync(fd);
      expect(readdirSync('/proc/self/fd').length).toBe(before);
    } finally {
      process.env.PATH = path;
    }
  });

  it('hands the child FIFO write ends and leaves nothing on disk', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    (await OutputPipes.open(pool)).destroy(); // the first command's ordinary pipes
    const pipes = await OutputPipes.open(pool);
    expect(pipes.stdio.every((fd) => typeof fd === 'number')).toBe(true);
    expect(readdirSync(parent.path)).toEqual([]);
    pipes.destroy();
    pool.dispose();
  });

  it('closes its spare pipes on dispose', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    const fifo = (await pool.take())!;
    const spare = (await pool.take())!;
    pool.dispose(); // closes the 14 spares still in the pool, not the two taken
    expect(() => fstatSync(fifo.readFd)).not.toThrow();
    for (const fd of [fifo.readFd, fifo.writeFd, spare.readFd, spare.writeFd]) closeSync(fd);
  });

  it('falls back to ordinary pipes when FIFOs cannot be made, with the same results', async () => {
    using dir = createTempDir('weft-pipes-');
    const pool = new FifoPool('/nonexistent/weft');
    expect(await pool.take()).toBeUndefined();
    expect(await pool.takePair()).toBeUndefined();
    const pipes = await OutputPipes.open(pool);
    expect(pipes.stdio).toEqual(['pipe', 'pipe']);
    pipes.destroy();
    const result = await runProcess({
      file: '/bin/bash',
      args: ['-c', 'echo out; echo err >&2; seq 1 300'],
      cwd: dir.path,
      env: { PATH: process.env.PATH ?? '' },
      timeoutMs: 10_000,
      killGraceMs: 2_000,
      limits: limits(dir.path),
      label: 'bash',
      fifos: pool,
    });
    expect(result).toMatchObject({ exitCode: 0, stderr: 'err\n', totalBytes: 1_100 });
    expect(result.stdout.endsWith('299\n300\n')).toBe(true);
    expect(result.fullOutputPath).toBeDefined();
  });

  it('serves many concurrent commands from one pool, each with its own output', async () => {
    using dir = createTempDir('weft-pipes-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => env.execCommand(`echo ${index}; echo e${index} >&2`)),
    );
    results.forEach((result, index) => {
      expect(result.stdout).toBe(`${index}\n`);
      expect(result.stderr).toBe(`e${index}\n`);
    });
    await env.cleanup();
  });
});
