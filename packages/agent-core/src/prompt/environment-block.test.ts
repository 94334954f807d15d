import { describe, expect, it } from 'vitest';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import { buildEnvironmentBlock, formatDate, modelDisplayName } from './environment-block.js';
import type { GitSnapshot } from './git-snapshot.js';

const env = Object.assign(new ProcessTestEnvironment('/work/app'), { osVersion: 'Linux 6.8.0' });

const snapshot: GitSnapshot = {
  root: '/work',
  prefix: 'app',
  branch: 'main',
  detached: false,
  head: 'a1b2c3d',
  modifiedFiles: 2,
  untrackedFiles: 1,
  recentCommits: [
    { hash: 'a1b2c3d', subject: 'Fix the lexer' },
    { hash: '9f8e7d6', subject: 'Add the parser' },
  ],
};

describe('buildEnvironmentBlock', () => {
  it("lists the spec's fields, then the git snapshot", () => {
    const block = buildEnvironmentBlock({
      env,
      model: 'claude-sonnet-5-5',
      date: '2026-03-14',
      knowledgeCutoff: '2025-09',
      gitSnapshot: snapshot,
    });

    expect(block).toBe(
      [
        '<environment>',
        'Working directory: /work/app',
        'Is git repo: true',
        'Git branch: main',
        'Platform: linux',
        'OS version: Linux 6.8.0',
        "Today's date: 2026-03-14",
        'Model: Claude Sonnet 5.5 (claude-sonnet-5-5)',
        'Knowledge cutoff: 2025-09',
        '</environment>',
        '',
        '<git_status>',
        'A snapshot taken when the session started; run git for the current state.',
        'Repository root: /work',
        'Branch: main',
        'Modified files: 2',
        'Untracked files: 1',
        'Recent commits:',
        'a1b2c3d Fix the lexer',
        '9f8e7d6 Add the parser',
        '</git_status>',
      ].join('\n'),
    );
  });

  it('outside a repository says so and has no branch line and no git status', () => {
    const block = buildEnvironmentBlock({ env, model: 'claude-sonnet-5-5', date: '2026-03-14' });

    expect(block).toContain('Is git repo: false');
    expect(block).not.toContain('Git branch');
    expect(block).not.toContain('<git_status>');
    expect(block.endsWith('</environment>')).toBe(true);
  });

  it('shows a detached HEAD by its commit', () => {
    const detached = { ...snapshot, branch: undefined, detached: true };
    const block = buildEnvironmentBlock({ env, model: 'm', date: '2026-03-14', gitSnapshot: detached });

    expect(block).toContain('Git branch: (detached HEAD at a1b2c3d)');
    expect(block).toContain('Branch: (detached HEAD at a1b2c3d)');
  });

  it('leaves out an unknown knowledge cutoff and shows an uncatalogued model by its id', () => {
    const block = buildEnvironmentBlock({ env, model: 'my-local-model', date: '2026-03-14' });

    expect(block).toContain('Model: my-local-model\n');
    expect(block).not.toContain('Knowledge cutoff');
  });

  it('says "none yet" for a repository without commits', () => {
    const fresh = { ...snapshot, head: undefined, recentCommits: [] };
    expect(buildEnvironmentBlock({ env, model: 'm', date: '2026-03-14', gitSnapshot: fresh })).toContain(
      'Recent commits: none yet',
    );
  });
});

describe('formatDate and modelDisplayName', () => {
  it('formats a Date as its local calendar date and passes a string through', () => {
    expect(formatDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(formatDate('2026-01-05')).toBe('2026-01-05');
  });

  it("uses the catalog's display name beside the id", () => {
    expect(modelDisplayName('claude-sonnet-5-5')).toBe('Claude Sonnet 5.5 (claude-sonnet-5-5)');
    expect(modelDisplayName('unknown-model')).toBe('unknown-model');
  });
});
