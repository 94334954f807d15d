import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { countRunningInGroup, firstLineNumber } from '../conformance/group-probe.js';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import { runFixture } from '../test-fixtures/run-child.js';

describe('timeouts and the kill sequence', () => {
  it('uses the 10 s default and the 600 s cap unless configured', () => {
    const env = new LocalExecutionEnvironment({ workingDirectory: '/tmp' });
    expect(env.effectiveTimeoutMs(undefined)).toBe(10_000);
    expect(env.effectiveTimeoutMs(30_000)).toBe(30_000);
    expect(env.effectiveTimeoutMs(10_000_000)).toBe(600_000);
    expect(env.effectiveTimeoutMs(0)).toBe(1);
    expect(env.effectiveTimeoutMs(Number.NaN)).toBe(10_000);
  });

  it('applies the configured default timeout', async () => {
    using dir = createTempDir('weft-timeout-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, defaultTimeoutMs: 200 });
    expect(await env.execCommand('sleep 30')).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
  });

  it('lowers a timeout above the cap to the cap', async () => {
    using dir = createTempDir('weft-timeout-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, maxTimeoutMs: 200 });
    expect(await env.execCommand('sleep 30', { timeoutMs: 600_000 })).toMatchObject({ timedOut: true });
  });

  it('sends SIGKILL to a command that ignores SIGTERM', async () => {
    using dir = createTempDir('weft-timeout-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, killGraceMs: 100 });
    const result = await env.execCommand("trap '' TERM; sleep 30", { timeoutMs: 100 });
    expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
  });

  it('waits killGraceMs between SIGTERM and SIGKILL, not the default 2 s', async () => {
    using dir = createTempDir('weft-timeout-');
    // Longer than the default grace, so only an honoured option gives a run this long; a lower
    // bound holds however busy the machine is.
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, killGraceMs: 3_000 });
    const result = await env.execCommand("trap '' TERM; sleep 30", { timeoutMs: 100 });
    expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(result.durationMs).toBeGreaterThanOrEqual(3_100);
  });

  it('times out execFile the same way', async () => {
    using dir = createTempDir('weft-timeout-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    expect(await env.execFile('sleep', ['30'], { timeoutMs: 100 })).toMatchObject({ timedOut: true });
  });

  it('kills the groups it started when the host process exits without cleaning up', async () => {
    using dir = createTempDir('weft-timeout-');
    const output = await runFixture('exit-while-running.ts', [dir.path]);
    const pgid = firstLineNumber(output);
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    expect(await countRunningInGroup(env, pgid)).toBe(0);
  });

  it('reports a missing shell as SPAWN_FAILED with the ENOENT reason', async () => {
    using dir = createTempDir('weft-timeout-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, shellPath: '/no/such/bash' });
    await expect(env.execCommand('echo test')).rejects.toMatchObject({
      code: 'SPAWN_FAILED',
      message: expect.stringContaining('ENOENT'),
    });
  });
});
