import { isEnvironmentError, type OutputChunk } from '@weft/agent-core';
import { createTempDir } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { countRunningInGroup } from '../conformance/group-probe.js';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import type { LocalProcessHandle } from './local-process-handle.js';

const environments: LocalExecutionEnvironment[] = [];
afterEach(async () => {
  for (const env of environments.splice(0)) await env.cleanup();
});

function environment(dir: string, options: { killGraceMs?: number } = {}): LocalExecutionEnvironment {
  const env = new LocalExecutionEnvironment({ workingDirectory: dir, ...options });
  environments.push(env);
  return env;
}

/** Resolves once the process has printed `text` (on either stream), or rejects after `ms`. */
function outputContaining(handle: LocalProcessHandle, text: string, ms = 10_000): Promise<string> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`No ${JSON.stringify(text)} in ${JSON.stringify(seen)} after ${ms} ms`));
    }, ms);
    const stop = handle.onOutput((chunk) => {
      seen += chunk.text;
      if (seen.includes(text)) {
        clearTimeout(timer);
        stop();
        resolve(seen);
      }
    });
  });
}

describe('startProcess', () => {
  it('returns while the process runs, takes stdin writes and ends when stdin closes', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const handle = await env.startProcess('cat');
    expect(handle.running).toBe(true);

    const echoed = outputContaining(handle, 'hello');
    await handle.write('hello\n');
    expect(await echoed).toBe('hello\n');

    handle.closeStdin();
    const result = await handle.exited;
    expect(result).toMatchObject({ exitCode: 0, output: 'hello\n', timedOut: false, aborted: false });
    expect(handle.running).toBe(false);
  });

  it('delivers output from the first byte to the onOutput option, later listeners from when they join', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const early: OutputChunk[] = [];
    const handle = await env.startProcess('echo first; read line; echo "got $line"', {
      onOutput: (chunk) => early.push(chunk),
    });
    const late: string[] = [];
    // The first line may already have arrived; the late listener must see only what follows.
    await outputContaining(handle, 'first').catch(() => undefined);
    const unsubscribe = handle.onOutput((chunk) => late.push(chunk.text));
    await handle.write('two\n');
    const result = await handle.exited;
    unsubscribe();

    expect(result.output).toBe('first\ngot two\n');
    expect(early.map((chunk) => chunk.text).join('')).toBe('first\ngot two\n');
    expect(late.join('')).toBe('got two\n');
    expect(early.every((chunk) => chunk.stream === 'stdout')).toBe(true);
  });

  it('keeps stderr apart from stdout and combines them in arrival order', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const handle = await env.startProcess('echo out; echo err >&2');
    const result = await handle.exited;
    expect(result).toMatchObject({ stdout: 'out\n', stderr: 'err\n', exitCode: 0 });
  });

  it('kill() stops the whole process group, background jobs included, and reports an abort', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const handle = await env.startProcess('sleep 100 & echo ready; wait');
    await outputContaining(handle, 'ready');
    expect(await countRunningInGroup(env, handle.pid)).toBeGreaterThan(0);

    const result = await handle.kill();
    expect(result).toMatchObject({ aborted: true, timedOut: false, signal: 'SIGTERM' });
    expect(await countRunningInGroup(env, handle.pid)).toBe(0);
    // Killing again is harmless and answers the same result.
    expect(await handle.kill()).toBe(result);
  });

  it('has no timeout unless one is given, and then stops the group as a timed-out command', async () => {
    using dir = createTempDir('weft-start-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, defaultTimeoutMs: 50 });
    environments.push(env);
    // The environment's 50 ms default applies to execCommand, not to started processes.
    const untimed = await env.startProcess('sleep 0.5; echo done');
    expect(await untimed.exited).toMatchObject({ exitCode: 0, output: 'done\n', timedOut: false });

    const timed = await env.startProcess('sleep 30', { timeoutMs: 100 });
    expect(await timed.exited).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
  });

  it('stops the process when its signal aborts, and refuses to start with a signal already aborted', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const controller = new AbortController();
    const handle = await env.startProcess('sleep 30', { signal: controller.signal });
    controller.abort();
    expect(await handle.exited).toMatchObject({ aborted: true });

    const error = await env.startProcess('echo never', { signal: controller.signal }).catch((e) => e);
    expect(isEnvironmentError(error, 'ABORTED')).toBe(true);
  });

  it('rejects writes once the process has ended or its stdin is closed', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const ended = await env.startProcess('true');
    await ended.exited;
    const afterEnd = await ended.write('x').catch((e) => e);
    expect(isEnvironmentError(afterEnd, 'IO_ERROR')).toBe(true);
    expect(afterEnd.message).toBe(`Cannot write to process ${ended.pid}: it has ended.`);

    const closed = await env.startProcess('sleep 30');
    closed.closeStdin();
    closed.closeStdin(); // idempotent
    const afterClose = await closed.write('x').catch((e) => e);
    expect(afterClose.message).toBe(`Cannot write to process ${closed.pid}: it has closed its input.`);
    await closed.kill();
  });

  it('applies the working directory, variables and non-interactive settings of execCommand', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    await env.writeFile('sub/.keep', '');
    const handle = await env.startProcess('pwd; echo "$GREETING $GIT_TERMINAL_PROMPT"', {
      cwd: 'sub',
      env: { GREETING: 'hi' },
    });
    expect((await handle.exited).stdout).toBe(`${dir.path}/sub\nhi 0\n`);
  });

  it('rejects with NOT_FOUND when the working directory is missing', async () => {
    using dir = createTempDir('weft-start-');
    const env = environment(dir.path);
    const error = await env.startProcess('true', { cwd: 'missing' }).catch((e) => e);
    expect(isEnvironmentError(error, 'NOT_FOUND')).toBe(true);
  });

  it('is stopped by cleanup(), which waits until the group is gone', async () => {
    using dir = createTempDir('weft-start-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const handle = await env.startProcess('sleep 100');
    await env.cleanup();
    expect(handle.running).toBe(false);
    expect(await handle.exited).toMatchObject({ aborted: true });
    expect(await countRunningInGroup(env, handle.pid)).toBe(0);
  });

  it('spills a large output to a file that cleanup() removes', async () => {
    using dir = createTempDir('weft-start-');
    const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
    const handle = await env.startProcess('head -c 200000 /dev/zero | tr "\\0" y');
    const result = await handle.exited;
    expect(result.totalBytes).toBe(200_000);
    expect(result.fullOutputPath).toBeDefined();
    expect(await env.fileExists(result.fullOutputPath!)).toBe(true);
    await env.cleanup();
    expect(await env.fileExists(result.fullOutputPath!)).toBe(false);
  });
});
