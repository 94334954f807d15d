import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir, type TempDir } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvironmentError } from '../environment/environment-error.js';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import { SubdirectoryEnvironment } from './subdirectory-environment.js';

let dir: TempDir;
let parent: ProcessTestEnvironment;
beforeEach(() => {
  dir = createTempDir('weft-subdir-');
  mkdirSync(dir.join('pkg'));
  writeFileSync(dir.join('top.txt'), 'top');
  parent = new ProcessTestEnvironment(dir.path);
});
afterEach(() => dir.remove());

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('SubdirectoryEnvironment', () => {
  it('starts relative paths and commands in the subdirectory', async () => {
    const env = await SubdirectoryEnvironment.create(parent, 'pkg');
    expect(env.workingDirectory).toBe(dir.join('pkg'));
    await env.writeFile('src/a.txt', 'a');
    expect(readFileSync(dir.join('pkg/src/a.txt'), 'utf8')).toBe('a');
    expect(decode(await env.readFile('src/a.txt'))).toBe('a');
    expect((await env.listDirectory('.')).map((entry) => entry.name)).toEqual(['src']);
    expect((await env.execCommand('pwd')).stdout.trim()).toBe(dir.join('pkg'));
    expect((await env.execCommand('pwd', { cwd: 'src' })).stdout.trim()).toBe(dir.join('pkg/src'));
  });

  it('reads anywhere the parent can, but writes only inside the subdirectory', async () => {
    const env = await SubdirectoryEnvironment.create(parent, dir.join('pkg'));
    expect(decode(await env.readFile('../top.txt'))).toBe('top');
    expect(decode(await env.readFile(dir.join('top.txt')))).toBe('top');
    for (const outside of ['../evil.txt', dir.join('evil.txt'), 'src/../../evil.txt']) {
      const failure = await env.writeFile(outside, 'x').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(EnvironmentError);
      expect(failure).toMatchObject({ code: 'OUTSIDE_ALLOWED_ROOTS', path: dir.join('evil.txt') });
    }
    await expect(env.deleteFile('../top.txt')).rejects.toMatchObject({ code: 'OUTSIDE_ALLOWED_ROOTS' });
    expect(readFileSync(dir.join('top.txt'), 'utf8')).toBe('top');
    // A name that merely starts with two dots is inside.
    await env.writeFile('..notes', 'fine');
    expect(readFileSync(join(dir.path, 'pkg', '..notes'), 'utf8')).toBe('fine');
    expect(env.resolvePath('.', 'write')).toBe(dir.join('pkg'));
  });

  it('refuses a directory that does not exist or is a file', async () => {
    await expect(SubdirectoryEnvironment.create(parent, 'missing')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(SubdirectoryEnvironment.create(parent, 'top.txt')).rejects.toMatchObject({
      code: 'NOT_DIRECTORY',
    });
  });

  it('is the parent in everything else, and never sets it up or tears it down', async () => {
    const env = await SubdirectoryEnvironment.create(parent, 'pkg');
    expect([env.kind, env.platform, env.osVersion]).toEqual([parent.kind, parent.platform, parent.osVersion]);
    expect(env.startProcess).toBeUndefined(); // the parent has none
    parent.calls.length = 0;
    await env.initialize();
    await env.cleanup();
    expect(parent.calls).toEqual([]);
  });
});
