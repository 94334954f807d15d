import { type ExecutionEnvironment, isEnvironmentError, type OutputChunk } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRunningInGroup, firstLineNumber } from './group-probe.js';
import { orderedWrites } from './handshake.js';

/** One environment under test, fresh for every case. */
export interface ConformanceSubject {
  /**
   * The environment. Its working directory must be a new, empty folder the environment may write
   * to, with writes confined to it (the default policy). The shell must be bash, with the usual
   * tools (awk, cat, seq, sleep, ln, stat, yes, head) and a Linux /proc.
   */
  env: ExecutionEnvironment;
  /** Runs after the case and after `env.cleanup()` (remove the folder, stop a container, ...). */
  dispose?: () => Promise<void> | void;
}

export type ConformanceFactory = () => Promise<ConformanceSubject> | ConformanceSubject;

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Rejects with the EnvironmentError `promise` throws, so tests can look at its code and message. */
async function environmentError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isEnvironmentError(error)) throw new Error(`Expected an EnvironmentError, got ${String(error)}`);
  return error;
}

/**
 * The behaviour every ExecutionEnvironment must show, as a vitest suite. Call it from a test
 * file with a factory that builds a fresh environment per case:
 *
 *   describeExecutionEnvironment('LocalExecutionEnvironment', () => { ... return { env, dispose } });
 *
 * The process cases take a few seconds (one waits out the 2 s SIGTERM grace period).
 */
export function describeExecutionEnvironment(name: string, factory: ConformanceFactory): void {
  describe(`ExecutionEnvironment conformance: ${name}`, () => {
    let subject: ConformanceSubject;
    let env: ExecutionEnvironment;

    beforeEach(async () => {
      subject = await factory();
      env = subject.env;
      await env.initialize();
    });

    afterEach(async () => {
      await env.cleanup();
      await subject.dispose?.();
    });

    describe('metadata', () => {
      it('reports a kind, an absolute working directory, a platform and an OS version', () => {
        expect(env.kind).toMatch(/\S/);
        expect(env.workingDirectory.startsWith('/')).toBe(true);
        expect(['linux', 'darwin', 'windows', 'wasm']).toContain(env.platform);
        expect(env.osVersion).toMatch(/\S/);
      });

      it('can be initialized and cleaned up more than once', async () => {
        await env.initialize();
        await env.cleanup();
        await env.cleanup();
        expect((await env.execCommand('echo still-usable')).stdout).toBe('still-usable\n');
      });
    });

    describe('paths', () => {
      it('resolves relative paths from the working directory and collapses . and ..', () => {
        expect(env.resolvePath('a/./b/../c.txt', 'read')).toBe(`${env.workingDirectory}/a/c.txt`);
        expect(env.resolvePath(env.workingDirectory, 'read')).toBe(env.workingDirectory);
      });

      it('expands ~ to the home folder of the environment', async () => {
        const home = (await env.execCommand('printf %s "$HOME"')).stdout;
        expect(env.resolvePath('~', 'read')).toBe(home);
        expect(env.resolvePath('~/notes.txt', 'read')).toBe(`${home}/notes.txt`);
      });

      it('refuses a write outside the allowed roots with OUTSIDE_ALLOWED_ROOTS, naming the roots', async () => {
        const error = await environmentError(env.writeFile('../weft-conformance-outside.txt', 'x'));
        expect(error.code).toBe('OUTSIDE_ALLOWED_ROOTS');
        expect(error.message).toContain(env.workingDirectory);
        expect(() => env.resolvePath('/weft-conformance-outside.txt', 'write')).toThrow(/allowed/);
        expect(await env.fileExists('../weft-conformance-outside.txt')).toBe(false);
      });

      it('refuses a write that escapes the roots through a symbolic link inside them', async () => {
        const outside = (await env.execCommand('mktemp -d')).stdout.trim();
        try {
          await env.execCommand(`ln -s '${outside}' escape`);
          const error = await environmentError(env.writeFile('escape/planted.txt', 'x'));
          expect(error.code).toBe('OUTSIDE_ALLOWED_ROOTS');
          expect(error.message).toContain(outside);
          expect((await env.execCommand(`ls -A '${outside}'`)).stdout).toBe('');
        } finally {
          await env.execCommand(`rm -rf '${outside}'`);
        }
      });

      it('does not confine reads', async () => {
        const outside = (await env.execCommand('f=$(mktemp); printf outside > "$f"; printf %s "$f"')).stdout;
        try {
          expect(text(await env.readFile(outside))).toBe('outside');
        } finally {
          await env.execCommand(`rm -f '${outside}'`);
        }
      });
    });

    describe('files', () => {
      it('writes a file, creating missing parent folders, and reads it back', async () => {
        await env.writeFile('deep/er/note.txt', 'héllo\n');
        expect(text(await env.readFile('deep/er/note.txt'))).toBe('héllo\n');
        expect(text(await env.readFile(`${env.workingDirectory}/deep/er/note.txt`))).toBe('héllo\n');
      });

      it('writes bytes exactly', async () => {
        const bytes = new Uint8Array([0, 255, 10, 13, 128, 1]);
        await env.writeFile('data.bin', bytes);
        expect([...(await env.readFile('data.bin'))]).toEqual([...bytes]);
      });

      it('replaces a file whole and keeps its mode', async () => {
        await env.writeFile('run.sh', 'echo old\n');
        await env.execCommand('chmod 750 run.sh');
        await env.writeFile('run.sh', 'echo new\n');
        expect(text(await env.readFile('run.sh'))).toBe('echo new\n');
        expect((await env.execCommand('stat -c %a run.sh')).stdout.trim()).toBe('750');
        expect((await env.execCommand('./run.sh')).stdout).toBe('new\n');
      });

      it('leaves no temp files beside a written file', async () => {
        await env.writeFile('one.txt', 'a');
        await env.writeFile('one.txt', 'b');
        expect((await env.listDirectory('.')).map((entry) => entry.name)).toEqual(['one.txt']);
      });

      it('writes through a symbolic link inside the roots to its target', async () => {
        await env.writeFile('target.txt', 'old');
        await env.execCommand('ln -s target.txt link.txt');
        await env.writeFile('link.txt', 'new');
        expect(text(await env.readFile('target.txt'))).toBe('new');
        expect((await env.stat('link.txt'))?.isSymbolicLink).toBe(true);
      });

      it('reads only the requested byte range', async () => {
        await env.writeFile('abc.txt', '0123456789');
        expect(text(await env.readFile('abc.txt', { start: 2, end: 5 }))).toBe('234');
        expect(text(await env.readFile('abc.txt', { start: 7 }))).toBe('789');
        expect(text(await env.readFile('abc.txt', { end: 3 }))).toBe('012');
        expect(text(await env.readFile('abc.txt', { start: 8, end: 100 }))).toBe('89');
        expect((await env.readFile('abc.txt', { start: 50 })).length).toBe(0);
      });

      it('streams a file from an offset', async () => {
        const content = `${'x'.repeat(200_000)}END`;
        await env.writeFile('big.txt', content);
        const chunks: Uint8Array[] = [];
        for await (const chunk of env.readFileStream('big.txt', { start: 100_000 })) chunks.push(chunk);
        expect(chunks.length).toBeGreaterThan(1);
        expect(Buffer.concat(chunks).toString('utf8')).toBe(content.slice(100_000));
      });

      it('reports a missing file as NOT_FOUND with its absolute path', async () => {
        const error = await environmentError(env.readFile('missing.txt'));
        expect(error.code).toBe('NOT_FOUND');
        expect(error.message).toBe(`File not found: ${env.workingDirectory}/missing.txt`);
        const streamError = await environmentError(
          (async () => {
            for await (const _ of env.readFileStream('missing.txt')) break;
          })(),
        );
        expect(streamError.code).toBe('NOT_FOUND');
      });

      it('refuses to read or overwrite a folder with IS_DIRECTORY', async () => {
        await env.writeFile('folder/inside.txt', '');
        expect((await environmentError(env.readFile('folder'))).code).toBe('IS_DIRECTORY');
        expect((await environmentError(env.writeFile('folder', 'x'))).code).toBe('IS_DIRECTORY');
      });

      it('refuses to write below a file with NOT_DIRECTORY', async () => {
        await env.writeFile('plain.txt', '');
        expect((await environmentError(env.writeFile('plain.txt/child.txt', 'x'))).code).toBe(
          'NOT_DIRECTORY',
        );
      });

      it('describes files, folders and missing paths with stat and fileExists', async () => {
        await env.writeFile('dir/file.txt', '12345');
        expect(await env.stat('dir/file.txt')).toMatchObject({
          type: 'file',
          size: 5,
          isSymbolicLink: false,
        });
        expect(await env.stat('dir')).toMatchObject({ type: 'directory', size: 0 });
        expect(await env.stat('nothing')).toBeUndefined();
        expect(await env.fileExists('dir/file.txt')).toBe(true);
        expect(await env.fileExists('nothing')).toBe(false);
      });

      it('deletes a file, and refuses a missing path or a folder', async () => {
        await env.writeFile('gone.txt', 'x');
        await env.deleteFile('gone.txt');
        expect(await env.fileExists('gone.txt')).toBe(false);
        expect((await environmentError(env.deleteFile('gone.txt'))).code).toBe('NOT_FOUND');
        await env.writeFile('keep/inside.txt', '');
        expect((await environmentError(env.deleteFile('keep'))).code).toBe('IS_DIRECTORY');
        expect(await env.fileExists('keep/inside.txt')).toBe(true);
      });

      it('lists a folder one level deep by default and deeper on request', async () => {
        await env.writeFile('src/index.ts', 'export {};');
        await env.writeFile('src/lib/util.ts', '');
        await env.writeFile('README.md', '# hi');
        await env.execCommand('ln -s README.md link.md');
        const top = await env.listDirectory('.');
        expect(top.map((entry) => [entry.name, entry.type]).sort()).toEqual([
          ['README.md', 'file'],
          ['link.md', 'symlink'],
          ['src', 'directory'],
        ]);
        expect(top.find((entry) => entry.name === 'README.md')?.size).toBe(4);
        const deep = await env.listDirectory('.', { depth: 3 });
        expect(deep.map((entry) => entry.name).sort()).toEqual([
          'README.md',
          'link.md',
          'src',
          'src/index.ts',
          'src/lib',
          'src/lib/util.ts',
        ]);
      });

      it('refuses to list a missing path or a file', async () => {
        expect((await environmentError(env.listDirectory('nowhere'))).code).toBe('NOT_FOUND');
        await env.writeFile('file.txt', '');
        expect((await environmentError(env.listDirectory('file.txt'))).code).toBe('NOT_DIRECTORY');
      });
    });

    describe('commands', () => {
      it('runs a command through bash in the working directory', async () => {
        const result = await env.execCommand('pwd; if [[ -n "$BASH_VERSION" ]]; then echo bash; fi');
        expect(result).toMatchObject({
          stdout: `${env.workingDirectory}\nbash\n`,
          stderr: '',
          exitCode: 0,
          signal: null,
          timedOut: false,
          aborted: false,
          outputTruncated: false,
        });
        expect(result.fullOutputPath).toBeUndefined();
        expect(result.durationMs).toBeGreaterThanOrEqual(0);
      });

      it('reports a non-zero exit code as a fact, not an error', async () => {
        expect((await env.execCommand('echo partial; exit 3')).exitCode).toBe(3);
      });

      it('keeps stdout and stderr apart and combines them in arrival order', async () => {
        const writes = orderedWrites(
          [
            ['stdout', 'one'],
            ['stderr', 'two'],
            ['stdout', 'three'],
          ],
          (name) => env.writeFile(name, ''),
        );
        const result = await env.execCommand(writes.command, { onOutput: writes.onOutput });
        expect(result.stdout).toBe('one\nthree\n');
        expect(result.stderr).toBe('two\n');
        expect(result.output).toBe('one\ntwo\nthree\n');
        expect(result.totalBytes).toBe(14);
      });

      it('runs with stdin closed, so a command that reads it gets end-of-file at once', async () => {
        const result = await env.execCommand('cat; read -r line; echo "read exit $?"', { timeoutMs: 5_000 });
        expect(result).toMatchObject({ stdout: 'read exit 1\n', timedOut: false });
      });

      it('starts in the given cwd, relative to the working directory', async () => {
        await env.writeFile('sub/marker', '');
        expect((await env.execCommand('ls', { cwd: 'sub' })).stdout).toBe('marker\n');
      });

      it('rejects a missing cwd with NOT_FOUND naming it', async () => {
        const error = await environmentError(
          env.execCommand('echo test', { cwd: '/this/directory/does/not/exist' }),
        );
        expect(error.code).toBe('NOT_FOUND');
        expect(error.message).toContain('/this/directory/does/not/exist');
      });

      it('adds the variables of ExecOptions.env', async () => {
        const result = await env.execCommand('printf %s "$WEFT_CONFORMANCE"', {
          env: { WEFT_CONFORMANCE: 'yes' },
        });
        expect(result.stdout).toBe('yes');
      });

      it('runs a program with an argument vector and no shell', async () => {
        const result = await env.execFile('printf', ['%s|%s', 'a b', '$HOME']);
        expect(result).toMatchObject({ stdout: 'a b|$HOME', exitCode: 0 });
      });

      it('rejects a program that cannot be started with SPAWN_FAILED', async () => {
        const error = await environmentError(env.execFile('weft-no-such-program', []));
        expect(error.code).toBe('SPAWN_FAILED');
        expect(error.message).toContain('weft-no-such-program');
      });

      it('turns off pagers and editors so nothing waits for a human', async () => {
        const result = await env.execCommand(
          'printf "%s %s %s" "$PAGER" "$GIT_PAGER" "$GIT_TERMINAL_PROMPT"',
        );
        expect(result.stdout).toBe('cat cat 0');
      });
    });

    describe('output', () => {
      it('streams output to onOutput while the command is still running', async () => {
        const chunks: OutputChunk[] = [];
        // The command waits for a file that only the onOutput listener creates: without live
        // streaming it would time out.
        const result = await env.execCommand(
          'echo first; while [ ! -e go ]; do sleep 0.02; done; echo second',
          {
            timeoutMs: 10_000,
            onOutput: (chunk) => {
              chunks.push(chunk);
              if (chunk.text.includes('first')) void env.writeFile('go', '');
            },
          },
        );
        expect(result.timedOut).toBe(false);
        expect(chunks.map((chunk) => chunk.text).join('')).toBe('first\nsecond\n');
        expect(chunks.every((chunk) => chunk.stream === 'stdout')).toBe(true);
      });

      it('never splits a character between two onOutput chunks', async () => {
        const chunks: OutputChunk[] = [];
        // 你 is e4 bd a0: its bytes arrive in two writes 100 ms apart.
        const result = await env.execCommand("printf '\\xe4\\xbd'; sleep 0.1; printf '\\xa0\\n'", {
          onOutput: (chunk) => chunks.push(chunk),
        });
        expect(result.stdout).toBe('你\n');
        expect(chunks.map((chunk) => chunk.text)).toEqual(['你\n']);
      });

      it('delivers a large multi-byte output whole and valid', async () => {
        const chunks: string[] = [];
        const result = await env.execCommand('yes 你好世界🙂 | head -n 40000', {
          onOutput: (chunk) => chunks.push(chunk.text),
        });
        expect(chunks.length).toBeGreaterThan(1);
        expect(chunks.some((chunk) => chunk.includes('\uFFFD'))).toBe(false);
        expect(chunks.join('')).toBe('你好世界🙂\n'.repeat(40_000));
        expect(result.stdout.includes('\uFFFD')).toBe(false);
      });

      it('keeps only a window of a large output in memory and the whole of it in fullOutputPath', async () => {
        const result = await env.execCommand('seq 1 2000000');
        const expected = `${Array.from({ length: 2_000_000 }, (_, index) => index + 1).join('\n')}\n`;
        expect(result.totalBytes).toBe(Buffer.byteLength(expected));
        expect(result.outputTruncated).toBe(true);
        expect(result.stdout.length).toBeLessThan(1024 * 1024);
        expect(expected.endsWith(result.stdout)).toBe(true);
        expect(result.output).toBe(result.stdout);
        expect(result.fullOutputPath).toBeDefined();
        const full = await env.readFile(result.fullOutputPath!);
        expect(full.length).toBe(result.totalBytes);
        expect(text(full)).toBe(expected);
      });
    });

    describe('timeouts and aborts', () => {
      it('kills the whole process group on timeout and reports timedOut', async () => {
        const result = await env.execCommand('echo $$; sleep 100 & sleep 100 & wait', { timeoutMs: 500 });
        expect(result).toMatchObject({ timedOut: true, aborted: false, exitCode: null });
        expect(await countRunningInGroup(env, firstLineNumber(result.stdout))).toBe(0);
      });

      it('kills the whole process group on abort and reports aborted', async () => {
        const controller = new AbortController();
        const result = await env.execCommand('echo $$; sleep 100 & sleep 100 & wait', {
          timeoutMs: 60_000,
          signal: controller.signal,
          onOutput: () => controller.abort(),
        });
        expect(result).toMatchObject({ timedOut: false, aborted: true, exitCode: null });
        expect(await countRunningInGroup(env, firstLineNumber(result.stdout))).toBe(0);
      });

      it('does not start a command whose signal is already aborted', async () => {
        const controller = new AbortController();
        controller.abort();
        const result = await env.execCommand('touch should-not-exist', { signal: controller.signal });
        expect(result).toMatchObject({ aborted: true, exitCode: null });
        expect(await env.fileExists('should-not-exist')).toBe(false);
      });

      it('SIGKILLs a command that survives SIGTERM after the grace period', async () => {
        // Ignored signals stay ignored in children, so every process of this group outlives SIGTERM.
        const result = await env.execCommand(
          "echo $$; trap 'echo got-term' TERM; while true; do sleep 0.05; done",
          {
            timeoutMs: 300,
          },
        );
        expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
        expect(result.stdout).toContain('got-term');
        expect(await countRunningInGroup(env, firstLineNumber(result.stdout))).toBe(0);
      });

      it('ends background jobs a command leaves behind when it exits', async () => {
        const result = await env.execCommand('echo $$; sleep 100 > /dev/null 2>&1 & echo started', {
          timeoutMs: 10_000,
        });
        expect(result).toMatchObject({ exitCode: 0, timedOut: false });
        expect(await countRunningInGroup(env, firstLineNumber(result.stdout))).toBe(0);
      });

      it('stops running commands on cleanup', async () => {
        let pid = 0;
        const running = env.execCommand('echo $$; sleep 100 & wait', {
          timeoutMs: 60_000,
          onOutput: (chunk) => {
            pid ||= firstLineNumber(chunk.text);
          },
        });
        while (pid === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        await env.cleanup();
        expect(await running).toMatchObject({ aborted: true });
        expect(await countRunningInGroup(env, pid)).toBe(0);
      });
    });
  });
}
