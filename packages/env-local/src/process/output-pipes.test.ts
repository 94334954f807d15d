import { closeSync, fstatSync, readdirSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import { FifoPool } from './fifo-pool.js';
import { OutputPipes } from './output-pipes.js';
import { runProcess } from './run-process.js';

const limits = (dir: string) => ({ windowBytes: 1000, spillThresholdBytes: 500, spillDirectory: dir });

describe('output pipes', () => {
  it('gives the first command ordinary pipes at once and makes the FIFOs in the background', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    const first = await OutputPipes.open(pool);
    expect(first.stdio).toEqual(['pipe', 'pipe']);
    first.destroy();
    await pool.fill();
    const next = await OutputPipes.open(pool);
    expect(next.stdio.every((fd) => typeof fd === 'number')).toBe(true);
    next.destroy();
    pool.dispose();
  });

  it('closes a batch that was still being made when the pool was disposed', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    const before = readdirSync('/proc/self/fd').length;
    expect(await pool.take()).toBeUndefined(); // starts the first batch
    pool.dispose();
    await pool.fill(); // waits for that batch (closed), then makes a new one
    pool.dispose();
    expect(readdirSync('/proc/self/fd').length).toBe(before);
    expect(readdirSync(parent.path)).toEqual([]);
  });

  it('hands the child FIFO write ends and leaves nothing on disk', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    await pool.fill();
    const pipes = await OutputPipes.open(pool);
    expect(pipes.stdio.every((fd) => typeof fd === 'number')).toBe(true);
    expect(readdirSync(parent.path)).toEqual([]);
    pipes.destroy();
    pool.dispose();
  });

  it('closes its spare pipes on dispose', async () => {
    using parent = createTempDir('weft-fifo-parent-');
    const pool = new FifoPool(parent.path);
    await pool.fill();
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
