import { mkdirSync } from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { EnvironmentError } from '../environment/environment-error.js';
import type { ByteRange } from '../environment/execution-environment.js';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import { commitFiles, initRepo, writeFiles } from './git-repo.test-support.js';
import { takeGitSnapshot } from './git-snapshot.js';
import {
  discoverProjectDocs,
  PROJECT_DOCS_BUDGET_BYTES,
  PROJECT_DOCS_TRUNCATION_MARKER,
} from './project-docs.js';

const paths = (docs: { files: { relativePath: string }[] }) => docs.files.map((file) => file.relativePath);

describe('discoverProjectDocs', () => {
  it('walks from the git root down to the working directory, root files first, deeper later', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    commitFiles(dir.path, 'Init', {
      'AGENTS.md': 'root agents',
      'CLAUDE.md': 'root claude',
      'packages/AGENTS.md': 'packages agents',
      'packages/app/AGENTS.md': 'app agents',
      'packages/app/CLAUDE.md': 'app claude',
      // Neither on the path from the root to the working directory: never loaded.
      'packages/other/AGENTS.md': 'sibling',
      'packages/app/src/AGENTS.md': 'below the working directory',
    });

    const docs = await discoverProjectDocs(new ProcessTestEnvironment(dir.join('packages/app')), [
      'CLAUDE.md',
    ]);

    expect(paths(docs)).toEqual([
      'AGENTS.md',
      'CLAUDE.md',
      'packages/AGENTS.md',
      'packages/app/AGENTS.md',
      'packages/app/CLAUDE.md',
    ]);
    expect(docs.files[0]).toMatchObject({
      path: dir.join('AGENTS.md'),
      content: 'root agents',
      truncated: false,
    });
    const order = ['root agents', 'root claude', 'packages agents', 'app agents', 'app claude'].map((text) =>
      docs.text.indexOf(text),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(-1);
    expect(docs.text).not.toContain('sibling');
    expect(docs.text).not.toContain('below the working directory');
    expect(docs.text).toContain(
      '<project_instructions file="packages/app/CLAUDE.md">\napp claude\n</project_instructions>',
    );
    expect(docs.truncated).toBe(false);
  });

  it.each([
    ['Anthropic', ['CLAUDE.md'], ['AGENTS.md', 'CLAUDE.md']],
    ['Gemini', ['GEMINI.md'], ['AGENTS.md', 'GEMINI.md']],
    ['OpenAI', ['.codex/instructions.md'], ['AGENTS.md', '.codex/instructions.md']],
    ['a profile with no file of its own', [], ['AGENTS.md']],
    ['a profile that names AGENTS.md itself', ['AGENTS.md'], ['AGENTS.md']],
  ])('loads AGENTS.md plus only the files of the profile: %s', async (_name, fileNames, expected) => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, {
      'AGENTS.md': 'agents',
      'CLAUDE.md': 'claude',
      'GEMINI.md': 'gemini',
      '.codex/instructions.md': 'codex',
    });

    const docs = await discoverProjectDocs(new ProcessTestEnvironment(dir.path), fileNames);

    expect(paths(docs)).toEqual(expected);
  });

  it('outside a repository, reads the working directory only (not its parents)', async () => {
    using dir = createTempDir('docs-');
    writeFiles(dir.path, { 'AGENTS.md': 'parent, not a repo', 'work/AGENTS.md': 'here' });

    const docs = await discoverProjectDocs(new ProcessTestEnvironment(dir.join('work')), []);

    expect(docs.files).toEqual([
      {
        path: dir.join('work/AGENTS.md'),
        relativePath: 'AGENTS.md',
        content: 'here',
        bytes: 4,
        truncated: false,
      },
    ]);
  });

  it('uses the session snapshot for the root instead of running git, and null for "not a repo"; one read per candidate', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'AGENTS.md': 'root', 'sub/AGENTS.md': 'sub' });
    const env = new ProcessTestEnvironment(dir.join('sub'));
    const snapshot = await takeGitSnapshot(env);
    env.calls.length = 0;

    const withSnapshot = await discoverProjectDocs(env, [], { gitSnapshot: snapshot ?? null });
    const withNull = await discoverProjectDocs(env, [], { gitSnapshot: null });

    expect(paths(withSnapshot)).toEqual(['AGENTS.md', 'sub/AGENTS.md']);
    expect(paths(withNull)).toEqual(['AGENTS.md']);
    expect(withNull.files[0]?.content).toBe('sub');
    // No git command, and one read per candidate (AGENTS.md in 2 folders, then in 1): no stat first.
    expect(env.calls.filter((call) => !call.startsWith('readFile'))).toEqual([]);
    expect(env.calls).toHaveLength(3);
  });

  it('returns no files and empty text when there are none; skips empty files and folders of that name', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'AGENTS.md': '  \n\n' });
    mkdirSync(dir.join('CLAUDE.md'));

    const docs = await discoverProjectDocs(new ProcessTestEnvironment(dir.path), ['CLAUDE.md']);

    expect(docs).toEqual({ files: [], text: '', truncated: false, warnings: [] });
  });

  it('stays within 32 KB: the deepest files are kept, the root file is cut and carries the marker', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'AGENTS.md': 'r'.repeat(30 * 1024), 'app/AGENTS.md': 'd'.repeat(4 * 1024) });

    const docs = await discoverProjectDocs(new ProcessTestEnvironment(dir.join('app')), []);

    const [root, deep] = docs.files;
    expect(deep).toMatchObject({ content: 'd'.repeat(4096), truncated: false });
    expect(root).toMatchObject({
      content: 'r'.repeat(PROJECT_DOCS_BUDGET_BYTES - 4096),
      bytes: 30 * 1024,
      truncated: true,
    });
    expect(docs.truncated).toBe(true);
    expect(PROJECT_DOCS_TRUNCATION_MARKER).toBe('[Project instructions truncated at 32KB]');
    expect(docs.text).toContain(
      `${'r'.repeat(100)}\n${PROJECT_DOCS_TRUNCATION_MARKER}\n</project_instructions>`,
    );
    expect(docs.text.indexOf(PROJECT_DOCS_TRUNCATION_MARKER)).toBeLessThan(docs.text.indexOf('ddd'));
  });

  it('leaves out root-most files entirely once deeper files used the whole budget', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'AGENTS.md': 'root rules', 'app/AGENTS.md': 'x'.repeat(2000) });

    const docs = await discoverProjectDocs(new ProcessTestEnvironment(dir.join('app')), [], {
      budgetBytes: 1024,
    });

    expect(docs.files.map((file) => [file.relativePath, file.content.length, file.truncated])).toEqual([
      ['AGENTS.md', 0, true],
      ['app/AGENTS.md', 1024, true],
    ]);
    expect(docs.text).not.toContain('root rules');
    expect(docs.text).toContain('[Project instructions truncated at 1KB]');
  });

  it('never splits a character at the cut, and reads only the budget of a huge file', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'AGENTS.md': '€'.repeat(2_000_000) }); // 3 bytes each: 6 MB
    const env = new ProcessTestEnvironment(dir.path);

    const docs = await discoverProjectDocs(env, [], { budgetBytes: 1000 });

    expect(docs.files[0]?.content).toBe('€'.repeat(333));
    expect(env.calls).toContain(`readFile ${dir.join('AGENTS.md')} 0-1004`);
  });

  it('reports a file it cannot read as a warning and goes on', async () => {
    using dir = createTempDir('docs-');
    initRepo(dir.path);
    writeFiles(dir.path, { 'AGENTS.md': 'readable', 'CLAUDE.md': 'locked' });
    // Tests may run as root, where file modes do not stop reads: the environment refuses instead.
    const env = new (class extends ProcessTestEnvironment {
      override async readFile(path: string, range?: ByteRange): Promise<Uint8Array> {
        if (path.endsWith('CLAUDE.md'))
          throw new EnvironmentError('PERMISSION_DENIED', `Permission denied: ${path}`);
        return super.readFile(path, range);
      }
    })(dir.path);

    const docs = await discoverProjectDocs(env, ['CLAUDE.md']);

    expect(paths(docs)).toEqual(['AGENTS.md']);
    expect(docs.warnings).toEqual([
      `Could not read project instructions ${dir.join('CLAUDE.md')}: Permission denied: ${dir.join('CLAUDE.md')}`,
    ]);
  });
});
