import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import { FifoPool } from './fifo-pool.js';
import { OutputPipes } from './output-pipes.js';
import { runProcess } from './run-process.js';

const limits = (dir: string) => ({ windowBytes: 1000, spillThresholdBytes: 500, spillDirectory: dir });

describe('output pipes', () => {
  it('hands the child FIFO write ends and leaves no FIFO name behind', async () => {
    const pool = new FifoPool(tmpdir());
    try {
      const pipes = await OutputPipes.open(pool);
      expect(pipes.stdio.every((fd) => typeof fd === 'number')).toBe(true);
      pipes.destroy();
    } finally {
      pool.dispose();
    }
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

  it('serves many concurrent commands from one pool and removes its folder on cleanup', async () => {
    using dir = createTempDir('weft-pipes-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => env.execCommand(`echo ${index}; echo e${index} >&2`)),
    );
    results.forEach((result, index) => {
      expect(result.stdout).toBe(`${index}\n`);
      expect(result.stderr).toBe(`e${index}\n`);
    });
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('weft-fifo-'));
    await env.cleanup();
    const after = readdirSync(tmpdir()).filter((name) => name.startsWith('weft-fifo-'));
    expect(after.length).toBeLessThan(before.length);
  });
});
