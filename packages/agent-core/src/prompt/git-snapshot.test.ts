import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import { commitFiles, git, initRepo, writeFiles } from './git-repo.test-support.js';
import { prefetchGitSnapshot, takeGitSnapshot } from './git-snapshot.js';

describe('takeGitSnapshot', () => {
  it('is undefined outside a git repository', async () => {
    using dir = createTempDir('snapshot-');
    expect(await takeGitSnapshot(new ProcessTestEnvironment(dir.path))).toBeUndefined();
  });

  it('reports root, branch, a clean tree and the commit subjects newest first, in one command', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    commitFiles(dir.path, 'Add the parser', { 'a.txt': 'a' });
    commitFiles(dir.path, 'Fix the lexer', { 'b.txt': 'b' });
    const env = new ProcessTestEnvironment(dir.path);

    const snapshot = await takeGitSnapshot(env);

    const head = git(dir.path, 'rev-parse', '--short', 'HEAD').trim();
    expect(snapshot).toEqual({
      root: dir.path,
      prefix: '',
      branch: 'main',
      detached: false,
      head,
      modifiedFiles: 0,
      untrackedFiles: 0,
      recentCommits: [
        { hash: head, subject: 'Fix the lexer' },
        { hash: expect.any(String), subject: 'Add the parser' },
      ],
    });
    expect(env.calls.filter((call) => call.startsWith('execCommand'))).toHaveLength(1);
  });

  it('finds the root and the prefix from a nested working directory', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    commitFiles(dir.path, 'Init', { 'packages/app/index.ts': '' });

    const snapshot = await takeGitSnapshot(new ProcessTestEnvironment(dir.join('packages', 'app')));

    expect(snapshot).toMatchObject({ root: dir.path, prefix: 'packages/app', branch: 'main' });
  });

  it('counts modified files (staged, unstaged, newly added) and untracked entries (a folder once)', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    commitFiles(dir.path, 'Init', { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    writeFiles(dir.path, { 'a.txt': 'changed, unstaged', 'b.txt': 'changed, staged', 'new.txt': 'added' });
    git(dir.path, 'add', 'b.txt', 'new.txt');
    writeFiles(dir.path, { 'loose-1.txt': '', 'loose-2.txt': '', 'scratch/x.txt': '', 'scratch/y.txt': '' });

    const snapshot = await takeGitSnapshot(new ProcessTestEnvironment(dir.path));

    expect(snapshot).toMatchObject({ modifiedFiles: 3, untrackedFiles: 3 });
  });

  it('reports a detached HEAD with the commit it is at and no branch', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    commitFiles(dir.path, 'First', { 'a.txt': '1' });
    commitFiles(dir.path, 'Second', { 'a.txt': '2' });
    git(dir.path, 'checkout', '--quiet', '--detach', 'HEAD~1');

    const snapshot = await takeGitSnapshot(new ProcessTestEnvironment(dir.path));

    expect(snapshot).toMatchObject({
      branch: undefined,
      detached: true,
      head: git(dir.path, 'rev-parse', '--short', 'HEAD').trim(),
      recentCommits: [{ subject: 'First' }],
    });
  });

  it('handles a repository without commits: the branch, no head, no commits', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'draft.txt': '' });

    const snapshot = await takeGitSnapshot(new ProcessTestEnvironment(dir.path));

    expect(snapshot).toMatchObject({ branch: 'main', head: undefined, recentCommits: [], untrackedFiles: 1 });
  });

  it('lists at most maxCommits commits (default 10)', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    for (let n = 1; n <= 12; n++) commitFiles(dir.path, `Commit ${n}`, { 'n.txt': String(n) });
    const env = new ProcessTestEnvironment(dir.path);

    const byDefault = await takeGitSnapshot(env);
    const five = await takeGitSnapshot(env, { maxCommits: 5 });

    expect(byDefault?.recentCommits.map((commit) => commit.subject)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Commit ${12 - index}`),
    );
    expect(five?.recentCommits).toHaveLength(5);
  });

  it('is undefined when git is not installed', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    const emptyBin = dir.join('empty-bin');
    mkdirSync(emptyBin);

    expect(await takeGitSnapshot(new ProcessTestEnvironment(dir.path, { PATH: emptyBin }))).toBeUndefined();
  });

  it('gives up (undefined) when git does not answer within the timeout', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    const bin = dir.join('slow-bin');
    mkdirSync(bin);
    writeFileSync(`${bin}/git`, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(`${bin}/git`, 0o755);
    const started = performance.now();

    const snapshot = await takeGitSnapshot(
      new ProcessTestEnvironment(dir.path, { PATH: `${bin}:/usr/bin:/bin` }),
      {
        timeoutMs: 300,
      },
    );

    expect(snapshot).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('is undefined, not an exception, when the command cannot start', async () => {
    using dir = createTempDir('snapshot-');
    expect(await takeGitSnapshot(new ProcessTestEnvironment(dir.join('gone')))).toBeUndefined();
  });

  it('returns a prefetched snapshot once, without running git again, then runs git anew', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    commitFiles(dir.path, 'First', { 'a.txt': '1' });
    const env = new ProcessTestEnvironment(dir.path);
    const execs = () => env.calls.filter((call) => call.startsWith('execCommand')).length;

    prefetchGitSnapshot(env);
    expect(execs()).toBe(1);
    const first = await takeGitSnapshot(env);
    expect(execs()).toBe(1);
    // Committed once the prefetched run is over (committing while it runs would race with it):
    // only a new run of git can see this commit.
    commitFiles(dir.path, 'Second', { 'a.txt': '2' });
    const second = await takeGitSnapshot(env);

    expect(execs()).toBe(2);
    expect(first?.recentCommits.map((commit) => commit.subject)).toEqual(['First']);
    expect(second?.recentCommits.map((commit) => commit.subject)).toEqual(['Second', 'First']);
  });

  it('runs git anew when the options differ from the prefetch, and gives undefined on abort', async () => {
    using dir = createTempDir('snapshot-');
    initRepo(dir.path);
    for (let n = 1; n <= 3; n++) commitFiles(dir.path, `Commit ${n}`, { 'n.txt': String(n) });
    const env = new ProcessTestEnvironment(dir.path);

    prefetchGitSnapshot(env);
    const two = await takeGitSnapshot(env, { maxCommits: 2 });
    expect(two?.recentCommits).toHaveLength(2);

    const controller = new AbortController();
    controller.abort();
    expect(await takeGitSnapshot(env, { signal: controller.signal })).toBeUndefined();
    // The prefetch was used by the aborted call; the next one runs git.
    expect(await takeGitSnapshot(env)).toMatchObject({ branch: 'main' });
  });
});
