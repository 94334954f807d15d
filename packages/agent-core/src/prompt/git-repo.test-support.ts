import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Runs the real `git` binary in `cwd` with a fixed identity and no user or system config. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });
}

/** `git init` on branch `main`. */
export function initRepo(path: string): void {
  mkdirSync(path, { recursive: true });
  git(path, 'init', '--quiet', '--initial-branch=main');
}

/** Writes `files` (paths relative to `root`) and commits them with `subject`. */
export function commitFiles(root: string, subject: string, files: Record<string, string>): void {
  writeFiles(root, files);
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', subject);
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}
