import { execFileSync } from 'node:child_process';
import { symlinkSync, utimesSync } from 'node:fs';
import { createTempDir, type TempDir } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callTool, writeScript, writeTree } from '../testing/tool-harness.js';
import { createGlobTool, type GlobToolDetails, globTool } from './glob-tool.js';

let dir: TempDir;
beforeEach(() => {
  dir = createTempDir('weft-glob-');
});
afterEach(() => dir.remove());

const glob = (args: unknown) => callTool<GlobToolDetails>(globTool, args, dir.path);

/** Gives each file a distinct modification time: the first listed is the newest. */
function setAgesNewestFirst(paths: readonly string[]): void {
  const now = Date.now() / 1000;
  paths.forEach((path, index) => {
    const time = now - 60 * (index + 1);
    utimesSync(dir.join(path), time, time);
  });
}

describe('glob — seed 004 §J.6: basic listing', () => {
  it('1.1 includes hidden files: .secret/hidden.txt and visible.txt both appear', async () => {
    writeTree(dir.path, { '.secret/hidden.txt': 'h', 'visible.txt': 'v' });
    setAgesNewestFirst(['visible.txt', '.secret/hidden.txt']);
    const { text, isError } = await glob({ pattern: '*.txt' });
    expect(isError).toBe(false);
    expect(text).toBe('visible.txt\n.secret/hidden.txt');
  });

  it('1.2 matches a nested "**/*.ex" pattern at every depth', async () => {
    writeTree(dir.path, { 'a.ex': '', 'lib/b.ex': '', 'lib/deep/er/c.ex': '', 'lib/d.exs': '', 'e.js': '' });
    setAgesNewestFirst(['lib/deep/er/c.ex', 'lib/b.ex', 'a.ex', 'lib/d.exs', 'e.js']);
    const { text, details } = await glob({ pattern: '**/*.ex' });
    expect(text).toBe('lib/deep/er/c.ex\nlib/b.ex\na.ex');
    expect(details).toMatchObject({ totalCount: 3, limitReached: false });
  });

  it('1.3 answers "No files found" when nothing matches', async () => {
    writeTree(dir.path, { 'a.txt': '' });
    const { text, isError, details } = await glob({ pattern: '*.xyz' });
    expect(isError).toBe(false);
    expect(text).toBe('No files found matching pattern "*.xyz"');
    expect(details).toMatchObject({ files: [], totalCount: 0 });
  });
});

describe('glob — seed 004 §J.6: filtering and limits', () => {
  it('2.1 honours .gitignore: ignored.txt does not appear', async () => {
    writeTree(dir.path, { '.gitignore': 'ignored.txt\n', 'ignored.txt': '', 'kept.txt': '' });
    const { text } = await glob({ pattern: '*.txt' });
    expect(text).toBe('kept.txt');
  });

  it('2.1 (cont.) never lists ignored folders such as node_modules, even for "*" and "**"', async () => {
    writeTree(dir.path, {
      '.gitignore': 'node_modules/\n*.log\n',
      'node_modules/dep/index.js': '',
      'debug.log': '',
      'src/app.js': '',
    });
    for (const pattern of ['*', '**', '**/*.js', '*.log']) {
      const { details } = await glob({ pattern });
      expect(
        details.files.filter((file) => file.includes('node_modules') || file.endsWith('.log')),
        pattern,
      ).toEqual([]);
    }
    expect((await glob({ pattern: '**/*.js' })).text).toBe('src/app.js');
  });

  it('2.2 returns only max_results paths and says how many matched in all', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `f${i}.txt`);
    writeTree(dir.path, Object.fromEntries(names.map((name) => [name, ''])));
    setAgesNewestFirst(names);
    const { text, details } = await glob({ pattern: '*', max_results: 5 });
    expect(text).toBe(
      'f0.txt\nf1.txt\nf2.txt\nf3.txt\nf4.txt\n\n[Showing 5 of 8 matching files, newest first. Use max_results=10 for more, or refine pattern or path]',
    );
    expect(details).toMatchObject({ totalCount: 8, limit: 5, limitReached: true });
  });

  it('2.3 does not follow symbolic links: files reached only through a link are not listed', async () => {
    const outside = createTempDir('weft-glob-outside-');
    try {
      writeTree(outside.path, { 'far.txt': '' });
      writeTree(dir.path, { 'real/near.txt': '' });
      symlinkSync(outside.path, dir.join('linked-dir'));
      symlinkSync(dir.join('real/near.txt'), dir.join('linked-file.txt'));
      const { text } = await glob({ pattern: '**/*.txt' });
      expect(text).toBe('real/near.txt');
    } finally {
      outside.remove();
    }
  });
});

describe('glob — seed 004 §J.6: argument validation', () => {
  it('3.1 answers a pattern that is a list or null with an error naming "pattern", without crashing', async () => {
    for (const pattern of [[], null]) {
      const { text, isError } = await glob({ pattern });
      expect(isError).toBe(true);
      expect(text).toContain('parameter "pattern"');
    }
  });
});

describe('glob: order and paths', () => {
  it('lists the newest files first, by modification time', async () => {
    writeTree(dir.path, { 'old.ts': '', 'src/newest.ts': '', 'src/lib/middle.ts': '' });
    setAgesNewestFirst(['src/newest.ts', 'src/lib/middle.ts', 'old.ts']);
    expect((await glob({ pattern: '**/*.ts' })).text).toBe('src/newest.ts\nsrc/lib/middle.ts\nold.ts');
    setAgesNewestFirst(['old.ts', 'src/lib/middle.ts', 'src/newest.ts']);
    expect((await glob({ pattern: '**/*.ts' })).text).toBe('old.ts\nsrc/lib/middle.ts\nsrc/newest.ts');
  });

  it('shows paths relative to the working directory when path names a subfolder', async () => {
    writeTree(dir.path, { 'pkg/src/a.ts': '', 'other/b.ts': '' });
    expect((await glob({ pattern: '*.ts', path: 'pkg' })).text).toBe('pkg/src/a.ts');
  });

  it('matches a pattern with a folder from the search folder only: "src/*.ts" skips src/deep/b.ts', async () => {
    writeTree(dir.path, { 'src/a.ts': '', 'src/deep/b.ts': '', 'lib/src/c.ts': '' });
    expect((await glob({ pattern: 'src/*.ts' })).text).toBe('src/a.ts');
    expect((await glob({ pattern: './src/*.ts' })).text).toBe('src/a.ts');
  });

  it('matches a name without "/" at any depth', async () => {
    writeTree(dir.path, {
      'package.json': '',
      'packages/a/package.json': '',
      'packages/a/tsconfig.json': '',
    });
    setAgesNewestFirst(['packages/a/package.json', 'package.json', 'packages/a/tsconfig.json']);
    expect((await glob({ pattern: 'package.json' })).text).toBe('packages/a/package.json\npackage.json');
  });

  it('accepts an absolute pattern and searches from the folder it names', async () => {
    writeTree(dir.path, { 'work/x.md': '', 'notes/a.md': '', 'notes/sub/b.md': '' });
    setAgesNewestFirst(['notes/sub/b.md', 'notes/a.md', 'work/x.md']);
    const { text } = await callTool(globTool, { pattern: `${dir.join('notes')}/**/*.md` }, dir.join('work'));
    expect(text).toBe(`${dir.join('notes/sub/b.md')}\n${dir.join('notes/a.md')}`);
  });

  it('finds nothing, without an error, when the folder a pattern names does not exist', async () => {
    const { text, isError } = await glob({ pattern: 'nowhere/**/*.ts' });
    expect(isError).toBe(false);
    expect(text).toBe('No files found matching pattern "nowhere/**/*.ts" in nowhere');
  });

  it('honours a parent .gitignore when the pattern names a subfolder', async () => {
    writeTree(dir.path, { '.gitignore': 'src/generated/\n', 'src/generated/a.ts': '', 'src/b.ts': '' });
    expect((await glob({ pattern: 'src/**/*.ts' })).text).toBe('src/b.ts');
  });

  it("matches a pattern that starts with '!' literally instead of as an exclusion", async () => {
    writeTree(dir.path, { '!important.txt': '', 'other.txt': '' });
    expect((await glob({ pattern: '!important.txt' })).text).toBe('!important.txt');
  });

  it('never lists files inside the .git folder', async () => {
    execFileSync('git', ['init', '-q'], { cwd: dir.path });
    writeTree(dir.path, { 'a.txt': '' });
    const { details } = await glob({ pattern: '**' });
    expect(details.files).toEqual(['a.txt']);
  });

  it('cuts the list at the byte cap on a whole path and says so', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `file-${String(i).padStart(2, '0')}.txt`);
    writeTree(dir.path, Object.fromEntries(names.map((name) => [name, ''])));
    setAgesNewestFirst(names);
    const tool = createGlobTool({ maxBytes: 60 });
    const { text, details } = await callTool<GlobToolDetails>(tool, { pattern: '*.txt' }, dir.path);
    expect(text).toBe(
      'file-00.txt\nfile-01.txt\nfile-02.txt\nfile-03.txt\nfile-04.txt\n\n[60B limit reached: showing 5 of 20 paths. Refine pattern or path to see the rest]',
    );
    expect(details.truncation).toMatchObject({ truncated: true, outputLines: 5, totalLines: 20 });
  });
});

describe('glob: errors the model can act on', () => {
  it('reports a path that does not exist', async () => {
    const { text, isError } = await glob({ pattern: '*.ts', path: 'missing' });
    expect(isError).toBe(true);
    expect(text).toBe(
      'Path not found: missing. Check the path, or leave path out to search the working directory.',
    );
  });

  it('reports a path that is a file rather than a folder', async () => {
    writeTree(dir.path, { 'a.ts': '' });
    const { text, isError } = await glob({ pattern: '*.ts', path: 'a.ts' });
    expect(isError).toBe(true);
    expect(text).toBe(
      "Not a folder: a.ts. glob searches a folder: give the file's folder as path, or read the file with read_file.",
    );
  });

  it('reports an invalid glob with an example of a valid one', async () => {
    writeTree(dir.path, { 'a.ts': '' });
    const { text, isError } = await glob({ pattern: '*.{ts' });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /^Invalid glob pattern "\*\.\{ts": error parsing glob '\*\.\{ts': unclosed alternate group/,
    );
    expect(text).toContain('Use a pattern such as "**/*.ts"');
  });

  it('answers a listing that times out with an error saying how to narrow it', async () => {
    const stuckRg = writeScript(dir.join('stuck-rg'), 'exec sleep 30');
    const tool = createGlobTool({ rgPath: stuckRg, timeoutMs: 200 });
    const { text, isError } = await callTool(tool, { pattern: '*' }, dir.path);
    expect(isError).toBe(true);
    expect(text).toBe(
      'Listing files timed out after 200 ms before any were found. Narrow the pattern or give a smaller folder as path.',
    );
  });
});
