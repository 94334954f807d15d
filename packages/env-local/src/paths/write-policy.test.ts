import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isEnvironmentError } from '@weft/agent-core';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

async function caught(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isEnvironmentError(error)) throw new Error(`expected an EnvironmentError, got ${String(error)}`);
  return error;
}

describe('path policy', () => {
  it('names every allowed root when it refuses a write', async () => {
    using work = createTempDir('weft-policy-work-');
    using extra = createTempDir('weft-policy-extra-');
    using outside = createTempDir('weft-policy-outside-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path, writableRoots: [extra.path] });
    const error = await caught(env.writeFile(outside.join('x.txt'), 'x'));
    expect(error.code).toBe('OUTSIDE_ALLOWED_ROOTS');
    expect(error.path).toBe(outside.join('x.txt'));
    expect(error.message).toBe(
      `Cannot write ${outside.join('x.txt')}: writes are only allowed inside ${work.path}, ${extra.path}. Choose a path inside one of those folders.`,
    );
  });

  it('allows writes in an extra writable root', async () => {
    using work = createTempDir('weft-policy-work-');
    using extra = createTempDir('weft-policy-extra-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path, writableRoots: [extra.path] });
    await env.writeFile(extra.join('ok.txt'), 'fine');
    expect(readFileSync(extra.join('ok.txt'), 'utf8')).toBe('fine');
    expect(env.writableRoots).toEqual([work.path, extra.path]);
  });

  it('takes relative writable roots from the working directory and expands ~ in them', () => {
    using work = createTempDir('weft-policy-work-');
    const env = new LocalExecutionEnvironment({
      workingDirectory: work.path,
      writableRoots: ['../shared', '~/cache'],
    });
    expect(env.writableRoots).toEqual([work.path, work.join('../shared'), `${homedir()}/cache`]);
  });

  it('lets every write through when confineWrites is false', async () => {
    using work = createTempDir('weft-policy-work-');
    using outside = createTempDir('weft-policy-outside-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path, confineWrites: false });
    await env.writeFile(outside.join('free.txt'), 'free');
    expect(readFileSync(outside.join('free.txt'), 'utf8')).toBe('free');
    expect(env.resolvePath(outside.join('free.txt'), 'write')).toBe(outside.join('free.txt'));
  });

  it('refuses to write through a symlinked file that points outside, and says where it leads', async () => {
    using work = createTempDir('weft-policy-work-');
    using outside = createTempDir('weft-policy-outside-');
    writeFileSync(outside.join('secret.txt'), 'original');
    symlinkSync(outside.join('secret.txt'), work.join('innocent.txt'));
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    const error = await caught(env.writeFile('innocent.txt', 'overwritten'));
    expect(error.code).toBe('OUTSIDE_ALLOWED_ROOTS');
    expect(error.message).toContain(`resolves through a symbolic link to ${outside.join('secret.txt')}`);
    expect(readFileSync(outside.join('secret.txt'), 'utf8')).toBe('original');
  });

  it('refuses a symlink to a missing target outside (a write would create the target)', async () => {
    using work = createTempDir('weft-policy-work-');
    using outside = createTempDir('weft-policy-outside-');
    symlinkSync(outside.join('not-yet.txt'), work.join('dangling.txt'));
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    expect((await caught(env.writeFile('dangling.txt', 'x'))).code).toBe('OUTSIDE_ALLOWED_ROOTS');
  });

  it('refuses a path that climbs out with .. even when it starts inside', () => {
    using work = createTempDir('weft-policy-work-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    expect(() => env.resolvePath('src/../../elsewhere.txt', 'write')).toThrow(/only allowed inside/);
    expect(env.resolvePath('src/../../elsewhere.txt', 'read')).toBe(work.join('../elsewhere.txt'));
  });

  it('accepts a write whose real location is inside a root even through a symlinked root', async () => {
    using real = createTempDir('weft-policy-real-');
    using links = createTempDir('weft-policy-links-');
    symlinkSync(real.path, links.join('project'));
    const env = new LocalExecutionEnvironment({ workingDirectory: links.join('project') });
    await env.writeFile('inside.txt', 'yes');
    expect(readFileSync(real.join('inside.txt'), 'utf8')).toBe('yes');
  });

  it('deletes a symlink inside the roots without following it to its target outside', async () => {
    using work = createTempDir('weft-policy-work-');
    using outside = createTempDir('weft-policy-outside-');
    writeFileSync(outside.join('target.txt'), 'kept');
    symlinkSync(outside.join('target.txt'), work.join('link.txt'));
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    await env.deleteFile('link.txt');
    expect(await env.fileExists('link.txt')).toBe(false);
    expect(readFileSync(outside.join('target.txt'), 'utf8')).toBe('kept');
  });

  it('refuses to delete outside the roots', async () => {
    using work = createTempDir('weft-policy-work-');
    using outside = createTempDir('weft-policy-outside-');
    writeFileSync(outside.join('keep.txt'), 'kept');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    expect((await caught(env.deleteFile(outside.join('keep.txt')))).code).toBe('OUTSIDE_ALLOWED_ROOTS');
    expect(readFileSync(outside.join('keep.txt'), 'utf8')).toBe('kept');
  });

  it('refuses to create a folder chain that escapes through a symlinked folder', async () => {
    using work = createTempDir('weft-policy-work-');
    using outside = createTempDir('weft-policy-outside-');
    mkdirSync(work.join('a'));
    symlinkSync(outside.path, work.join('a/b'));
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    expect((await caught(env.writeFile('a/b/c/d/e.txt', 'x'))).code).toBe('OUTSIDE_ALLOWED_ROOTS');
  });

  it('expands ~ and takes relative paths from the working directory', () => {
    using work = createTempDir('weft-policy-work-');
    const env = new LocalExecutionEnvironment({ workingDirectory: work.path });
    expect(env.resolvePath('~', 'read')).toBe(homedir());
    expect(env.resolvePath('~/x/../y', 'read')).toBe(`${homedir()}/y`);
    expect(env.resolvePath('~other/file', 'read')).toBe(work.join('~other/file'));
    expect(env.resolvePath('./a//b/', 'read')).toBe(work.join('a/b'));
  });

  it('expands ~ in the working directory itself', () => {
    const env = new LocalExecutionEnvironment({ workingDirectory: '~' });
    expect(env.workingDirectory).toBe(homedir());
  });
});
