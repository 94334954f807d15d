import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

const git = 'git -c user.name=t -c user.email=t@example.com -c init.defaultBranch=main';

describe('non-interactive commands', () => {
  it('makes `git commit` without -m fail at once instead of waiting for an editor', async () => {
    using dir = createTempDir('weft-noninteractive-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    await env.execCommand(`${git} init -q && echo a > a && ${git} add a`);
    const result = await env.execCommand(`${git} commit`, { timeoutMs: 5_000 });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/editor/i);
  });

  it('runs without a controlling terminal, so reading /dev/tty fails instead of blocking', async () => {
    using dir = createTempDir('weft-noninteractive-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const result = await env.execCommand('read -r answer < /dev/tty; echo "status $?"', { timeoutMs: 5_000 });
    expect(result.timedOut).toBe(false);
    expect(result.stdout).toBe('status 1\n');
  });
});
