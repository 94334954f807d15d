import { ChildProcess } from 'node:child_process';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

describe('when a command starts', () => {
  it('spawns the first command before work queued with setImmediate runs, so a host can load code while it runs', async () => {
    using dir = createTempDir('weft-spawn-order-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    await env.initialize();
    const order: string[] = [];
    // Node's own (untyped) ChildProcess.prototype.spawn, observed: the call still goes through.
    const proto = ChildProcess.prototype as unknown as {
      spawn(this: ChildProcess, options: unknown): unknown;
    };
    const spawn = proto.spawn;
    proto.spawn = function (options) {
      order.push('spawn');
      return spawn.call(this, options);
    };
    try {
      const result = env.execCommand('exit 0');
      setImmediate(() => order.push('immediate'));
      expect((await result).exitCode).toBe(0);
    } finally {
      proto.spawn = spawn;
      await env.cleanup();
    }
    expect(order[0]).toBe('spawn');
    expect(order).toContain('immediate');
  });
});
