import { execFile, spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { NodeFileAccess } from './node-file-access.js';
import { runApplyPatchCommand, USAGE } from './run-command.js';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'apply-patch-cli.js');
const ADD = '*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\n';

/** Runs the built command as a real process, feeding `stdin` (or nothing) to it. */
function runProcess(cwd: string, args: string[], stdin?: string | Buffer) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

describe('the apply_patch command as a process', () => {
  it('is an executable file with a node shebang', () => {
    expect(readFileSync(CLI, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(CLI).mode & 0o111).not.toBe(0);
    expect(JSON.parse(readFileSync(join(dirname(CLI), '..', 'package.json'), 'utf8')).bin).toEqual({
      apply_patch: './bin/apply_patch.js',
    });
    // The committed launcher (linked at install, before any build) loads the built command.
    expect(readFileSync(join(dirname(CLI), '..', 'bin', 'apply_patch.js'), 'utf8')).toContain(
      "import '../dist/apply-patch-cli.js';",
    );
  });

  it('applies a patch given as its single argument, in its working directory', async () => {
    using dir = createTempDir('cli-');
    const { stdout } = await promisify(execFile)(CLI, [ADD], { cwd: dir.path });
    expect(stdout).toBe('Success. Updated the following files:\nA hello.txt\n');
    expect(readFileSync(dir.join('hello.txt'), 'utf8')).toBe('hi\n');
  });

  it('reads the patch from stdin when there is no argument', async () => {
    using dir = createTempDir('cli-');
    expect(await runProcess(dir.path, [], ADD)).toEqual({
      code: 0,
      stdout: 'Success. Updated the following files:\nA hello.txt\n',
      stderr: '',
    });
  });

  it('prints the usage and exits 2 on empty stdin', async () => {
    using dir = createTempDir('cli-');
    expect(await runProcess(dir.path, [])).toEqual({ code: 2, stdout: '', stderr: `${USAGE}\n` });
    expect(USAGE).toBe("Usage: apply_patch 'PATCH'\n       echo 'PATCH' | apply_patch");
  });

  it('exits 2 when given more than one argument', async () => {
    using dir = createTempDir('cli-');
    expect(await runProcess(dir.path, [ADD, 'extra'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: apply_patch accepts exactly one argument.\n',
    });
  });

  it('exits 1 with the parse error on stderr', async () => {
    using dir = createTempDir('cli-');
    expect(await runProcess(dir.path, ['not a patch'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "Invalid patch: The first line of the patch must be '*** Begin Patch'\n",
    });
  });

  it('exits 1 when stdin is not UTF-8', async () => {
    using dir = createTempDir('cli-');
    const result = await runProcess(dir.path, [], Buffer.from([0xff, 0xfe, 0x0a]));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: Failed to read PATCH from stdin.\nstream did not contain valid UTF-8\n',
    });
  });

  it('accepts --preserve-crlf before the patch (later codex releases pass it) and ignores it', async () => {
    using dir = createTempDir('cli-');
    writeFileSync(dir.join('w.txt'), 'a\r\nb\r\n');
    const patch = '*** Begin Patch\n*** Update File: w.txt\n@@\n-b\n+B\n*** End Patch';
    expect((await runProcess(dir.path, ['--preserve-crlf', patch])).code).toBe(0);
    expect(readFileSync(dir.join('w.txt'), 'utf8')).toBe('a\r\nB\r\n');
  });
});

describe('runApplyPatchCommand in-process', () => {
  async function run(args: string[], cwd: string, stdin?: string) {
    let stdout = '';
    let stderr = '';
    const code = await runApplyPatchCommand({
      args,
      readStdin: async () => (stdin === undefined ? undefined : new TextEncoder().encode(stdin)),
      files: new NodeFileAccess(cwd),
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  }

  it('prints the usage instead of waiting when stdin is a terminal', async () => {
    using dir = createTempDir('cli-');
    expect(await run([], dir.path)).toEqual({ code: 2, stdout: '', stderr: `${USAGE}\n` });
  });

  it('treats whitespace-only stdin as a patch (and rejects it)', async () => {
    using dir = createTempDir('cli-');
    expect(await run([], dir.path, '  \n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('last line'),
    });
  });

  it('reports "No files were modified." for an empty patch', async () => {
    using dir = createTempDir('cli-');
    expect(await run(['*** Begin Patch\n*** End Patch'], dir.path)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No files were modified.\n',
    });
  });
});
