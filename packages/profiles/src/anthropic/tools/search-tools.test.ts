import { utimesSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createGlobTool } from './glob-tool.js';
import { createGrepTool, splitGlobs } from './grep-tool.js';
import { createTodoWriteTool } from './todo-write-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const grep = createGrepTool();
const glob = createGlobTool();

/** Sets modification times so "newest first" and "oldest first" have one right answer. */
function age(files: Record<string, number>): void {
  for (const [name, secondsAgo] of Object.entries(files)) {
    const when = Date.now() / 1000 - secondsAgo;
    utimesSync(`${ws.path}/${name}`, when, when);
  }
}

describe('Grep (Claude Code)', () => {
  beforeEach(() => {
    ws.write({
      'src/a.ts': 'const foo = 1;\nconst bar = 2;\nexport { foo };\n',
      'src/b.py': 'def foo():\n    pass\n',
      'README.md': 'No match here\n',
    });
    age({ 'src/a.ts': 300, 'src/b.py': 100, 'README.md': 200 });
  });

  it('lists matching files newest first by default, under a "Found N files" line', async () => {
    const call = await ws.call(grep, { pattern: 'foo' });
    expect(call.text).toBe('Found 2 files\nsrc/b.py\nsrc/a.ts');
  });

  it('shows ripgrep lines in content mode: path:line:text, context with -, -- between groups', async () => {
    const call = await ws.call(grep, { pattern: 'foo', output_mode: 'content', '-A': 1 });
    expect(call.text).toBe(
      [
        'src/a.ts:1:const foo = 1;',
        'src/a.ts-2-const bar = 2;',
        'src/a.ts:3:export { foo };',
        '--',
        'src/b.py:1:def foo():',
        'src/b.py-2-    pass',
      ].join('\n'),
    );
  });

  it('leaves out line numbers with -n false and the file name when the path is one file', async () => {
    const call = await ws.call(grep, {
      pattern: 'foo',
      output_mode: 'content',
      '-n': false,
      path: 'src/a.ts',
    });
    expect(call.text).toBe('const foo = 1;\nexport { foo };');
  });

  it('counts per file with a total line', async () => {
    const call = await ws.call(grep, { pattern: 'foo', output_mode: 'count' });
    expect(call.text).toBe('src/a.ts:2\nsrc/b.py:1\n\nFound 3 total occurrences across 2 files.');
  });

  it('applies head_limit and offset, and says the results are paginated', async () => {
    const first = await ws.call(grep, { pattern: 'foo|bar', output_mode: 'content', head_limit: 2 });
    expect(first.text).toBe(
      'src/a.ts:1:const foo = 1;\nsrc/a.ts:2:const bar = 2;\n\n[Showing results with pagination = limit: 2]',
    );
    const second = await ws.call(grep, {
      pattern: 'foo|bar',
      output_mode: 'content',
      head_limit: 2,
      offset: 2,
    });
    expect(second.text).toBe(
      'src/a.ts:3:export { foo };\nsrc/b.py:1:def foo():\n\n[Showing results with pagination = offset: 2]',
    );
    const files = await ws.call(grep, { pattern: 'foo', head_limit: 1 });
    expect(files.text).toBe('Found 1 file limit: 1\nsrc/b.py');
    const all = await ws.call(grep, { pattern: 'o', output_mode: 'content', head_limit: 0 });
    expect(all.text).not.toContain('pagination');
  });

  it('filters by glob and by ripgrep type, and by both together', async () => {
    expect((await ws.call(grep, { pattern: 'foo', glob: '*.py' })).text).toBe('Found 1 file\nsrc/b.py');
    expect((await ws.call(grep, { pattern: 'foo', type: 'ts' })).text).toBe('Found 1 file\nsrc/a.ts');
    expect((await ws.call(grep, { pattern: 'foo', type: 'py', glob: 'src/*' })).text).toBe(
      'Found 1 file\nsrc/b.py',
    );
    const unknown = await ws.call(grep, { pattern: 'foo', type: 'nosuchtype' });
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.text).toMatch(/^unrecognized file type: nosuchtype\./);
  });

  it('ignores case with -i, and -C / context set both sides', async () => {
    expect((await ws.call(grep, { pattern: 'NO MATCH', '-i': true })).text).toBe('Found 1 file\nREADME.md');
    const call = await ws.call(grep, { pattern: 'bar', output_mode: 'content', '-C': 1, '-A': 0 });
    expect(call.text).toBe(
      'src/a.ts-1-const foo = 1;\nsrc/a.ts:2:const bar = 2;\nsrc/a.ts-3-export { foo };',
    );
  });

  it('answers "No files found" / "No matches found" when nothing matches', async () => {
    expect((await ws.call(grep, { pattern: 'zzz' })).text).toBe('No files found');
    expect((await ws.call(grep, { pattern: 'zzz', output_mode: 'content' })).text).toBe('No matches found');
  });

  it('refuses a missing path and explains an invalid regex', async () => {
    expect((await ws.call(grep, { pattern: 'x', path: 'nope' })).text).toBe(
      `<tool_use_error>Path does not exist: nope. Note: your current working directory is ${ws.path}.</tool_use_error>`,
    );
    const invalid = await ws.call(grep, { pattern: 'interface{' });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/regex parse error[\s\S]*Escape special characters/);
  });

  it('splits glob on commas and spaces but keeps brace groups', () => {
    expect(splitGlobs('*.ts, *.{js,jsx} src/**')).toEqual(['*.ts', '*.{js,jsx}', 'src/**']);
  });
});

describe('Glob (Claude Code)', () => {
  it('lists paths relative to the working directory, oldest first, hidden and ignored files included', async () => {
    ws.write({
      'a.ts': '',
      'lib/b.ts': '',
      '.hidden/c.ts': '',
      'dist/d.ts': '',
      '.gitignore': 'dist/\n',
      'e.js': '',
    });
    age({ 'a.ts': 100, 'lib/b.ts': 400, '.hidden/c.ts': 300, 'dist/d.ts': 200 });
    const call = await ws.call(glob, { pattern: '**/*.ts' });
    expect(call.text).toBe('lib/b.ts\n.hidden/c.ts\ndist/d.ts\na.ts');
  });

  it('shows at most 100 files and says how many more matched', async () => {
    ws.write(Object.fromEntries(Array.from({ length: 105 }, (_, index) => [`f${index}.txt`, ''])));
    const lines = (await ws.call(glob, { pattern: '*.txt' })).text.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[100]).toBe(
      '(Showing 100 of 105 matching files; 5 more are not listed. Use a more specific pattern or path to see them.)',
    );
  });

  it('answers "No files found", and refuses a folder that does not exist', async () => {
    expect((await ws.call(glob, { pattern: '*.none' })).text).toBe('No files found');
    expect((await ws.call(glob, { pattern: '*', path: 'missing' })).text).toBe(
      `<tool_use_error>Directory does not exist: missing. Note: your current working directory is ${ws.path}.</tool_use_error>`,
    );
  });
});

describe('TodoWrite (Claude Code)', () => {
  const todo = createTodoWriteTool();

  it('confirms the update and hands the list to the host; a fully completed list is cleared', async () => {
    const todos = [
      { content: 'Write tests', status: 'in_progress', activeForm: 'Writing tests' },
      { content: 'Run tests', status: 'pending', activeForm: 'Running tests' },
    ];
    const call = await ws.call(todo, { todos });
    expect(call.isError).toBe(false);
    expect(call.details).toEqual({ todos });
    const done = await ws.call(todo, { todos: todos.map((item) => ({ ...item, status: 'completed' })) });
    expect(done.details).toEqual({ todos: [] });
  });

  it('rejects an unknown status and an empty activeForm', async () => {
    const call = await ws.call(todo, { todos: [{ content: 'x', status: 'done', activeForm: '' }] });
    expect(call.isError).toBe(true);
    expect(call.text).toContain('must be one of "pending", "in_progress", "completed"');
  });
});
