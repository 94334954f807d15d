import type { ExecutionEnvironment } from '@weft/agent-core';
import { describe, expect, it } from 'vitest';
import { withPathLock } from './path-lock.js';

const env = {} as ExecutionEnvironment;
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('withPathLock', () => {
  it('runs tasks on one path one at a time, in order', async () => {
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([withPathLock(env, '/f', task('a')), withPathLock(env, '/f', task('b'))]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('runs tasks on different paths concurrently', async () => {
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([withPathLock(env, '/a', task('a')), withPathLock(env, '/b', task('b'))]);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('does not let a failing task block the next one', async () => {
    const failing = withPathLock(env, '/f', async () => {
      throw new Error('boom');
    });
    const next = withPathLock(env, '/f', async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});
