import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createTempDir, type TempDir } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRgPath } from '../ripgrep/default-rg-path.js';
import { callTool, processExists, writeScript, writeTree } from '../testing/tool-harness.js';
import { createGrepTool, type GrepToolDetails, grepTool } from './grep-tool.js';

let dir: TempDir;
beforeEach(() => {
  dir = createTempDir('weft-grep-');
});
afterEach(() => dir.remove());

const grep = (args: unknown, signal?: AbortSignal) =>
  callTool<GrepToolDetails>(grepTool, args, dir.path, signal);

// A PNG signature and header: binary (NUL bytes) with "test" inside.
const PNG_WITH_TEXT = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0x00,
  0x00,
  0x00,
  0x0d,
  0x49,
  0x48,
  0x44,
  0x52,
  ...Buffer.from('test'),
  0x00,
  0x00,
  0x00,
  0x01,
]);

describe('grep — seed 004 §J.5: basic search', () => {
  it('1.1 searches a single file and prints "file.txt:3: hello world"', async () => {
    writeTree(dir.path, { 'file.txt': 'first\nsecond\nhello world\nlast\n' });
    const { text, isError, details } = await grep({ pattern: 'hello', path: 'file.txt' });
    expect(isError).toBe(false);
    expect(text).toBe('file.txt:3: hello world');
    expect(details).toMatchObject({ mode: 'content', matchCount: 1, fileCount: 1, limitReached: false });
  });

  it('1.2 searches a folder and returns the matches of the two files of three that match', async () => {
    writeTree(dir.path, {
      'a.txt': 'a test line\n',
      'b.txt': 'nothing here\n',
      'sub/c.txt': 'one\nanother test\n',
    });
    const { text, details } = await grep({ pattern: 'test', path: '.' });
    expect(text).toBe('a.txt:1: a test line\nsub/c.txt:2: another test');
    expect(details.files).toEqual(['a.txt', 'sub/c.txt']);
  });

  it('1.3 answers "No matches found" when nothing matches', async () => {
    writeTree(dir.path, { 'file.txt': 'hello\n' });
    const { text, isError, details } = await grep({ pattern: 'nonexistent', path: 'file.txt' });
    expect(isError).toBe(false);
    expect(text).toBe('No matches found');
    expect(details).toMatchObject({ matchCount: 0, fileCount: 0 });
  });
});

describe('grep — seed 004 §J.5: search options', () => {
  it('2.1 with a limit of 1 and context 1 returns one match, its context lines and the limit notice', async () => {
    const lines = ['start', 'x marks 1', 'gap'];
    for (let i = 2; i <= 10; i++) lines.push(`x marks ${i}`, 'gap');
    writeTree(dir.path, { 'file.txt': `${lines.join('\n')}\n` });
    const { text, details } = await grep({ pattern: 'x', max_results: 1, context: 1 });
    expect(text).toBe(
      'file.txt-1- start\nfile.txt:2: x marks 1\nfile.txt-3- gap\n\n[1 matches limit reached. Use max_results=2 for more, or refine pattern]',
    );
    expect(details).toMatchObject({ matchCount: 1, limit: 1, limitReached: true });
  });

  it('2.2 treats the pattern as a regular expression, so escaped metacharacters match literally', async () => {
    writeTree(dir.path, { 'code.txt': 'fooXbar(baz)\nfoo.bar(baz)\n' });
    const { text } = await grep({ pattern: 'foo\\.bar\\(' });
    expect(text).toBe('code.txt:2: foo.bar(baz)');
  });

  it('2.3 with literal: true matches the text as-is, "." and "(" included', async () => {
    writeTree(dir.path, { 'code.txt': 'fooXbar(baz)\nfoo.bar(baz)\n' });
    const { text, isError } = await grep({ pattern: 'foo.bar(', literal: true });
    expect(isError).toBe(false);
    expect(text).toBe('code.txt:2: foo.bar(baz)');
  });

  it('2.4 with case_insensitive: true matches regardless of case; without it, case counts', async () => {
    writeTree(dir.path, { 'greeting.txt': 'Hello World\n' });
    expect((await grep({ pattern: 'hello', case_insensitive: true })).text).toBe(
      'greeting.txt:1: Hello World',
    );
    expect((await grep({ pattern: 'hello' })).text).toBe('No matches found');
  });
});

describe('grep — seed 004 §J.5: truncation and filtering', () => {
  it('3.1 cuts output past 50 KB on a line boundary and says "50.0KB limit reached"', async () => {
    const line = `common ${'w'.repeat(400)}`;
    writeTree(dir.path, { 'big.txt': `${Array.from({ length: 300 }, () => line).join('\n')}\n` });
    const { text, details } = await grep({ pattern: 'common', max_results: 300 });
    const [body, notices] = text.split('\n\n');
    expect(Buffer.byteLength(body ?? '')).toBeLessThanOrEqual(50 * 1024);
    expect(body?.split('\n').every((l) => /^big\.txt:\d+: common w+$/.test(l))).toBe(true);
    expect(notices).toMatch(
      /^\[50\.0KB limit reached: showing \d+ of 300 lines\. Narrow path or glob_filter/,
    );
    expect(details.truncation).toMatchObject({ truncated: true, truncatedBy: 'bytes', totalLines: 300 });
    expect(details.matchCount).toBe(300);
  });

  it('3.2 with glob_filter searches only the files whose names match', async () => {
    writeTree(dir.path, { 'lib/a.ex': 'test one\n', 'lib/b.js': 'test two\n', 'c.ex': 'test three\n' });
    const { text } = await grep({ pattern: 'test', glob_filter: '*.ex' });
    expect(text).toBe('c.ex:1: test three\nlib/a.ex:1: test one');
  });

  it('3.3 skips binary files such as a PNG and searches the text files', async () => {
    writeTree(dir.path, { 'image.png': PNG_WITH_TEXT, 'notes.txt': 'a test note\n' });
    const { text, details } = await grep({ pattern: 'test', path: '.' });
    expect(text).toBe('notes.txt:1: a test note');
    expect(details.files).toEqual(['notes.txt']);
  });
});

describe('grep — seed 004 §J.5: argument validation', () => {
  it('4.1 answers a pattern that is null or a number with an error naming "pattern", without crashing', async () => {
    writeTree(dir.path, { 'a.txt': 'x\n' });
    for (const pattern of [null, 42]) {
      const { text, isError } = await grep({ pattern, path: '.' });
      expect(isError).toBe(true);
      expect(text).toContain('parameter "pattern"');
      expect(text).toContain('call grep again');
    }
    const missing = await grep({ path: '.' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('missing required parameter "pattern"');
  });
});

describe('grep: errors the model can act on', () => {
  it("reports an invalid regular expression with ripgrep's explanation and how to fix it", async () => {
    writeTree(dir.path, { 'a.txt': 'foo.bar(baz)\n' });
    const { text, isError } = await grep({ pattern: 'foo.bar(' });
    expect(isError).toBe(true);
    expect(text).toContain('Invalid regular expression: regex parse error:');
    expect(text).toContain('unclosed group');
    expect(text).toContain('or set literal: true to search for the exact text');
  });

  it('reports a path that does not exist instead of finding nothing', async () => {
    const { text, isError } = await grep({ pattern: 'x', path: 'missing/dir' });
    expect(isError).toBe(true);
    expect(text).toBe(
      'Path not found: missing/dir. Check the path (glob or list_dir show what exists), or leave path out to search the working directory.',
    );
  });

  it('reports an invalid glob_filter with the glob and an example of a valid one', async () => {
    writeTree(dir.path, { 'a.txt': 'x\n' });
    const { text, isError } = await grep({ pattern: 'x', glob_filter: '*.{ts' });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /^Invalid glob_filter "\*\.\{ts": error parsing glob '\*\.\{ts': unclosed alternate group/,
    );
  });

  it('rejects an empty pattern, an unknown output_mode, a negative context and unknown parameters', async () => {
    const cases: [unknown, string][] = [
      [{ pattern: '' }, 'parameter "pattern"'],
      [{ pattern: 'x', output_mode: 'lines' }, 'parameter "output_mode"'],
      [{ pattern: 'x', context: -1 }, 'parameter "context"'],
      [{ pattern: 'x', max_results: 0 }, 'parameter "max_results"'],
      [{ pattern: 'x', ignore_case: true }, 'unknown parameter "ignore_case"'],
    ];
    for (const [args, expected] of cases) {
      const { text, isError } = await grep(args);
      expect(isError, JSON.stringify(args)).toBe(true);
      expect(text).toContain(expected);
    }
  });

  it('says how to make ripgrep available when its binary cannot be started', async () => {
    writeTree(dir.path, { 'a.txt': 'x\n' });
    const tool = createGrepTool({ rgPath: dir.join('no-such-rg') });
    const { text, isError } = await callTool(tool, { pattern: 'x' }, dir.path);
    expect(isError).toBe(true);
    expect(text).toContain(`Could not start ripgrep at ${dir.join('no-such-rg')}`);
    expect(text).toContain('pass its location as the rgPath option');
  });

  it('accepts a pattern that starts with "-" as a pattern rather than a flag', async () => {
    writeTree(dir.path, { 'a.txt': 'use --force here\n' });
    expect((await grep({ pattern: '--force' })).text).toBe('a.txt:1: use --force here');
  });
});

describe('grep: what is searched', () => {
  it('searches hidden files and folders', async () => {
    writeTree(dir.path, { '.env.example': 'TOKEN=needle\n', '.config/app.json': '{"needle": 1}\n' });
    const { text } = await grep({ pattern: 'needle' });
    expect(text).toBe('.config/app.json:1: {"needle": 1}\n.env.example:1: TOKEN=needle');
  });

  it('never searches inside the .git folder', async () => {
    execFileSync('git', ['init', '-q'], { cwd: dir.path });
    writeTree(dir.path, { 'a.txt': 'needle\n', '.git/needle-notes': 'needle\n' });
    expect((await grep({ pattern: 'needle' })).text).toBe('a.txt:1: needle');
  });

  it('honours .gitignore in a folder that is not a git repository', async () => {
    writeTree(dir.path, {
      '.gitignore': 'ignored.txt\nbuild/\n',
      'ignored.txt': 'needle\n',
      'build/out.js': 'needle\n',
      'kept.txt': 'needle\n',
    });
    expect((await grep({ pattern: 'needle' })).text).toBe('kept.txt:1: needle');
  });

  it('never lets glob_filter bring back a file .gitignore hides', async () => {
    writeTree(dir.path, {
      '.gitignore': 'ignored.ex\nnode_modules/\n',
      'ignored.ex': 'needle\n',
      'node_modules/dep/lib.ex': 'needle\n',
      'kept.ex': 'needle\n',
    });
    expect((await grep({ pattern: 'needle', glob_filter: '*.ex' })).text).toBe('kept.ex:1: needle');
    expect((await grep({ pattern: 'needle', glob_filter: '**' })).text).toBe('kept.ex:1: needle');
  });

  it('matches a glob_filter with "/" against paths from the searched folder', async () => {
    writeTree(dir.path, { 'src/a.ts': 'needle\n', 'src/deep/b.ts': 'needle\n', 'lib/src/c.ts': 'needle\n' });
    expect((await grep({ pattern: 'needle', glob_filter: 'src/*.ts' })).text).toBe('src/a.ts:1: needle');
    expect((await grep({ pattern: 'needle', path: 'lib', glob_filter: 'src/*.ts' })).text).toBe(
      'lib/src/c.ts:1: needle',
    );
  });

  it('honours nested .gitignore files inside a git repository', async () => {
    execFileSync('git', ['init', '-q'], { cwd: dir.path });
    writeTree(dir.path, {
      'pkg/.gitignore': '*.log\n',
      'pkg/run.log': 'needle\n',
      'pkg/src.ts': 'needle\n',
    });
    expect((await grep({ pattern: 'needle' })).text).toBe('pkg/src.ts:1: needle');
  });

  it('still searches an ignored file when it is named as path', async () => {
    writeTree(dir.path, { '.gitignore': 'ignored.txt\n', 'ignored.txt': 'needle\n' });
    expect((await grep({ pattern: 'needle', path: 'ignored.txt' })).text).toBe('ignored.txt:1: needle');
  });

  it('does not follow symbolic links to folders', async () => {
    const outside = createTempDir('weft-grep-outside-');
    try {
      writeTree(outside.path, { 'secret.txt': 'needle\n' });
      writeTree(dir.path, { 'own.txt': 'needle\n' });
      symlinkSync(outside.path, dir.join('linked'));
      expect((await grep({ pattern: 'needle' })).text).toBe('own.txt:1: needle');
    } finally {
      outside.remove();
    }
  });

  it('says a binary file named as path matches without printing its bytes', async () => {
    writeTree(dir.path, { 'image.png': PNG_WITH_TEXT });
    const { text } = await grep({ pattern: 'test', path: 'image.png' });
    expect(text).toBe('image.png: binary file matches (1 line not shown)');
  });
});

describe('grep: output', () => {
  it('shows paths relative to the working directory whatever path was searched', async () => {
    writeTree(dir.path, { 'src/deep/a.ts': 'needle\n' });
    expect((await grep({ pattern: 'needle', path: 'src/deep' })).text).toBe('src/deep/a.ts:1: needle');
    expect((await grep({ pattern: 'needle', path: dir.join('src') })).text).toBe('src/deep/a.ts:1: needle');
  });

  it('shows absolute paths for files outside the working directory', async () => {
    writeTree(dir.path, { 'work/a.txt': 'x\n', 'elsewhere/b.txt': 'needle\n' });
    const env = await callTool<GrepToolDetails>(
      grepTool,
      { pattern: 'needle', path: '../elsewhere' },
      dir.join('work'),
    );
    expect(env.text).toBe(`${dir.join('elsewhere/b.txt')}:1: needle`);
  });

  it('sorts files by path, so the same search gives the same output every time', async () => {
    const files: Record<string, string> = {};
    for (const name of ['d', 'b', 'e', 'a', 'c']) files[`${name}/f.txt`] = 'needle\n';
    writeTree(dir.path, files);
    const { text } = await grep({ pattern: 'needle' });
    expect(text.split('\n').map((l) => l[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shows before_context and after_context separately, with "--" between blocks that do not touch', async () => {
    writeTree(dir.path, { 'a.txt': 'l1\nl2\nhit one\nl4\nl5\nl6\nl7\nhit two\nl9\n' });
    const { text } = await grep({ pattern: 'hit', before_context: 1, after_context: 2 });
    expect(text).toBe(
      [
        'a.txt-2- l2',
        'a.txt:3: hit one',
        'a.txt-4- l4',
        'a.txt-5- l5',
        '--',
        'a.txt-7- l7',
        'a.txt:8: hit two',
        'a.txt-9- l9',
      ].join('\n'),
    );
  });

  it('merges overlapping context and lets a side-specific count override context', async () => {
    writeTree(dir.path, { 'a.txt': 'l1\nhit one\nl3\nhit two\nl5\nl6\n' });
    const { text } = await grep({ pattern: 'hit', context: 1, after_context: 0 });
    expect(text).toBe(['a.txt-1- l1', 'a.txt:2: hit one', 'a.txt-3- l3', 'a.txt:4: hit two'].join('\n'));
  });

  it('shows the lines of a CRLF file without their carriage returns', async () => {
    writeTree(dir.path, { 'win.txt': 'one\r\nneedle two\r\nthree\r\n' });
    expect((await grep({ pattern: 'needle', context: 1 })).text).toBe(
      'win.txt-1- one\nwin.txt:2: needle two\nwin.txt-3- three',
    );
  });

  it('shows bytes that are not UTF-8 as U+FFFD instead of failing', async () => {
    writeTree(dir.path, { 'latin1.txt': Buffer.from('needle caf\xe9\n', 'latin1') });
    expect((await grep({ pattern: 'needle' })).text).toBe('latin1.txt:1: needle caf\ufffd');
  });

  it('cuts lines over 500 characters and says how to see them whole', async () => {
    writeTree(dir.path, { 'wide.txt': `needle ${'z'.repeat(1000)}\n` });
    const { text, details } = await grep({ pattern: 'needle' });
    expect(text).toBe(
      `wide.txt:1: needle ${'z'.repeat(493)}... [truncated]\n\n[Some lines truncated to 500 chars. Use read_file to see full lines]`,
    );
    expect(details.linesTruncated).toBe(true);
  });

  it('lists only the paths of matching files in files_with_matches mode', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\nneedle\n', 'b/c.txt': 'needle\n', 'd.txt': 'hay\n' });
    const { text, details } = await grep({ pattern: 'needle', output_mode: 'files_with_matches' });
    expect(text).toBe('a.txt\nb/c.txt');
    expect(details).toMatchObject({ mode: 'files_with_matches', matchCount: null, fileCount: 2 });
  });

  it('prints matching lines per file and the total in count mode', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\nneedle needle\nhay\n', 'b.txt': 'needle\n', 'c.txt': 'hay\n' });
    const { text, details } = await grep({ pattern: 'needle', output_mode: 'count' });
    expect(text).toBe('a.txt:2\nb.txt:1\n\n[3 matching lines in 2 files]');
    expect(details).toMatchObject({ mode: 'count', matchCount: 3, fileCount: 2 });
  });

  it('applies max_results to files in files_with_matches mode', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\n', 'b.txt': 'needle\n', 'c.txt': 'needle\n' });
    const { text, details } = await grep({
      pattern: 'needle',
      output_mode: 'files_with_matches',
      max_results: 2,
    });
    expect(text.split('\n\n')[1]).toBe(
      '[2 files limit reached. Use max_results=4 for more, or refine pattern]',
    );
    expect(text.split('\n\n')[0]?.split('\n')).toHaveLength(2);
    expect(details.limitReached).toBe(true);
  });

  it('gives no limit notice when there are exactly max_results matches', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\nneedle\n' });
    const { text, details } = await grep({ pattern: 'needle', max_results: 2 });
    expect(text).toBe('a.txt:1: needle\na.txt:2: needle');
    expect(details.limitReached).toBe(false);
  });
});

describe('grep: the match limit stops ripgrep', () => {
  it('returns exactly 100 matches and the limit notice from a tree with 10 000 matches', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 100; f++) {
      files[`dir${f % 10}/file${f}.txt`] = Array.from({ length: 100 }, (_, i) => `needle ${f}-${i}`).join(
        '\n',
      );
    }
    writeTree(dir.path, files);
    const { text, details } = await grep({ pattern: 'needle' });
    const [body, notices] = text.split('\n\n');
    expect(body?.split('\n')).toHaveLength(100);
    expect(body?.split('\n').every((line) => /^dir\d\/file\d+\.txt:\d+: needle \d+-\d+$/.test(line))).toBe(
      true,
    );
    expect(notices).toBe('[100 matches limit reached. Use max_results=200 for more, or refine pattern]');
    expect(details).toMatchObject({ matchCount: 100, limitReached: true, stoppedEarly: true });
  });

  it('kills the ripgrep process once the limit is reached instead of waiting for it to finish', async () => {
    writeTree(dir.path, { 'a.txt': Array.from({ length: 500 }, (_, i) => `needle ${i}`).join('\n') });
    // A ripgrep that, after printing its results, would keep running for 30 s.
    const pidFile = dir.join('rg.pid');
    const slowRg = writeScript(
      dir.join('slow-rg'),
      `echo $$ > '${pidFile}'\n'${await defaultRgPath()}' "$@"\nexec sleep 30`,
    );
    const tool = createGrepTool({ rgPath: slowRg });
    const { text, details } = await callTool<GrepToolDetails>(
      tool,
      { pattern: 'needle', path: 'a.txt' },
      dir.path,
    );
    expect(text).toContain('[100 matches limit reached.');
    expect(details.stoppedEarly).toBe(true);
    expect(processExists(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });
});

describe('grep: abort and timeout', () => {
  it('kills ripgrep and answers with an error when the call is aborted', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\n' });
    const pidFile = dir.join('rg.pid');
    const stuckRg = writeScript(dir.join('stuck-rg'), `echo $$ > '${pidFile}'\nexec sleep 30`);
    const controller = new AbortController();
    const call = callTool<GrepToolDetails>(
      createGrepTool({ rgPath: stuckRg }),
      { pattern: 'needle' },
      dir.path,
      controller.signal,
    );
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8').trim() === '') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    controller.abort();
    const { text, isError } = await call;
    expect(isError).toBe(true);
    expect(text).toBe('grep was aborted before it finished.');
    expect(processExists(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('answers a search that finds nothing before its timeout with an error saying how to narrow it', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\n' });
    const stuckRg = writeScript(dir.join('stuck-rg'), 'exec sleep 30');
    const tool = createGrepTool({ rgPath: stuckRg, timeoutMs: 200 });
    const { text, isError } = await callTool(tool, { pattern: 'needle' }, dir.path);
    expect(isError).toBe(true);
    expect(text).toBe(
      'The search found nothing before it timed out after 200 ms. Narrow the search with path or glob_filter.',
    );
  });

  it('returns what it found before the timeout, marked as partial', async () => {
    writeTree(dir.path, { 'a.txt': 'needle\n' });
    const slowRg = writeScript(dir.join('slow-rg'), `'${await defaultRgPath()}' "$@"\nexec sleep 30`);
    const tool = createGrepTool({ rgPath: slowRg, timeoutMs: 1000 });
    const { text, details } = await callTool<GrepToolDetails>(tool, { pattern: 'needle' }, dir.path);
    expect(text).toBe(
      'a.txt:1: needle\n\n[Search timed out after 1 s; results are partial. Narrow path or glob_filter]',
    );
    expect(details.timedOut).toBe(true);
  });
});
