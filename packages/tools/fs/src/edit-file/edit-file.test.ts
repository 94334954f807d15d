import { readFileSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, ONE_PIXEL_PNG, type Workspace } from '../test/workspace.js';
import type { EditFileDetails } from './edit-file-tool.js';
import { editFileTool } from './edit-file-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.remove());

const edit = (args: Record<string, unknown>) => ws.run(editFileTool, { file_path: 'f.txt', ...args });

describe('edit_file: basic replacement (seed 004 §J.1.1)', () => {
  it('J.1 1.1 replaces an exact match, says "Successfully replaced" and puts a unified diff in details', async () => {
    ws.write('f.txt', 'Hello, world!');
    const result = await edit({ old_string: 'world', new_string: 'testing' });
    expect(resultText(result)).toBe('Successfully replaced 1 occurrence in f.txt.');
    expect(ws.read('f.txt')).toBe('Hello, testing!');
    const details = result.details as EditFileDetails;
    expect(details.diff).toBe(
      '--- a/f.txt\n+++ b/f.txt\n@@ -1,1 +1,1 @@\n-Hello, world!\n\\ No newline at end of file\n+Hello, testing!\n\\ No newline at end of file\n',
    );
    expect(details).toMatchObject({ replacements: 1, matchKind: 'exact', firstChangedLine: 1 });
  });

  it('J.1 1.2 answers text that is not there with "Could not find the exact text" and advice', async () => {
    ws.write('f.txt', 'Hello, world!');
    const result = await edit({ old_string: 'nonexistent', new_string: 'x' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      'Could not find the exact text in f.txt. The old text must match exactly including all whitespace and newlines. Read the file again with read_file and copy the text to replace from it.',
    );
    expect(ws.read('f.txt')).toBe('Hello, world!');
  });

  it('J.1 1.3 refuses an ambiguous match with "Found 3 occurrences" and how to fix the call', async () => {
    ws.write('f.txt', 'foo bar foo baz foo');
    const result = await edit({ old_string: 'foo', new_string: 'qux' });
    expect(resultText(result)).toBe(
      'Found 3 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique, or set replace_all to true to replace every occurrence.',
    );
    expect(result.details).toMatchObject({ code: 'MULTIPLE_MATCHES', occurrences: 3 });
    expect(ws.read('f.txt')).toBe('foo bar foo baz foo');
  });

  it('replaces every occurrence with replace_all and reports the count', async () => {
    ws.write('f.txt', 'foo bar foo baz foo');
    const result = await edit({ old_string: 'foo', new_string: 'qux', replace_all: true });
    expect(resultText(result)).toBe('Successfully replaced 3 occurrences in f.txt.');
    expect(ws.read('f.txt')).toBe('qux bar qux baz qux');
  });
});

describe('edit_file: fuzzy matching (seed 004 §J.1.2)', () => {
  it('J.1 2.1 forgives missing trailing whitespace', async () => {
    ws.write('f.txt', 'line one   \nline two\n');
    const result = await edit({ old_string: 'line one\n', new_string: 'replaced\n' });
    expect(result.details).toMatchObject({ matchKind: 'fuzzy' });
    expect(resultText(result)).toContain('matched only after normalising');
    expect(ws.read('f.txt')).toBe('replaced\nline two\n');
  });

  it('J.1 2.2 matches curly single quotes with straight ones', async () => {
    ws.write('f.txt', 'say \u2018hello\u2019 now');
    await edit({ old_string: "'hello'", new_string: "'world'" });
    expect(ws.read('f.txt')).toBe("say 'world' now");
  });

  it('J.1 2.3 matches curly double quotes with straight ones', async () => {
    ws.write('f.txt', 'title: \u201CHello\u201D');
    await edit({ old_string: '"Hello"', new_string: '"World"' });
    expect(ws.read('f.txt')).toBe('title: "World"');
  });

  it('J.1 2.4 matches en and em dashes with hyphens', async () => {
    ws.write('f.txt', 'pages 10\u201320 \u2014 see notes\n');
    await edit({ old_string: 'pages 10-20 - see', new_string: 'pages 11-21 - see' });
    expect(ws.read('f.txt')).toBe('pages 11-21 - see notes\n');
  });

  it('J.1 2.5 matches no-break spaces with plain spaces', async () => {
    ws.write('f.txt', 'price:\u00A0100\u00A0EUR\n');
    await edit({ old_string: 'price: 100 EUR', new_string: 'price: 90 EUR' });
    expect(ws.read('f.txt')).toBe('price: 90 EUR\n');
  });

  it('J.1 2.6 prefers an exact match and leaves the rest of the file as it was', async () => {
    ws.write('f.txt', 'keep   \n\u201Cquoted\u201D\nfoo bar\n');
    const result = await edit({ old_string: 'foo bar', new_string: 'baz' });
    expect(result.details).toMatchObject({ matchKind: 'exact' });
    expect(ws.read('f.txt')).toBe('keep   \n\u201Cquoted\u201D\nbaz\n');
  });

  it('J.1 2.7 fails with "Could not find" when even the normalised text is absent', async () => {
    ws.write('f.txt', 'alpha\nbeta\n');
    const result = await edit({ old_string: 'completely different', new_string: 'x' });
    expect(resultText(result)).toMatch(/^Could not find the exact text in f\.txt\./);
  });

  it('J.1 2.8 counts occurrences after normalising: "hello   " and "hello" are 2 occurrences', async () => {
    ws.write('f.txt', 'hello   \nhello\n');
    const result = await edit({ old_string: 'hello', new_string: 'bye' });
    expect(resultText(result)).toMatch(/^Found 2 occurrences of the text in f\.txt\./);
  });

  it('matches fullwidth and other compatibility characters through NFKC', async () => {
    ws.write('f.txt', 'const x = \uFF08a\uFF0Cb\uFF09;\n');
    await edit({ old_string: 'const x = (a,b);', new_string: 'const x = (b, a);' });
    expect(ws.read('f.txt')).toBe('const x = (b, a);\n');
  });

  it('changes only the matched text when matching fuzzily, keeping curly quotes and trailing spaces elsewhere', async () => {
    ws.write('f.txt', 'top \u2018a\u2019   \nmid \u2018b\u2019\nend \u2018c\u2019   \n');
    await edit({ old_string: "mid 'b'", new_string: "mid 'B'" });
    expect(ws.read('f.txt')).toBe("top \u2018a\u2019   \nmid 'B'\nend \u2018c\u2019   \n");
  });

  it('replaces every fuzzy occurrence with replace_all', async () => {
    ws.write('f.txt', '\u201Ca\u201D and \u201Ca\u201D');
    const result = await edit({ old_string: '"a"', new_string: 'A', replace_all: true });
    expect(result.details).toMatchObject({ matchKind: 'fuzzy', replacements: 2 });
    expect(ws.read('f.txt')).toBe('A and A');
  });
});

describe('edit_file: CRLF and BOM (seed 004 §J.1.3)', () => {
  it('J.1 3.1 matches an LF old_string in a CRLF file', async () => {
    ws.write('f.txt', 'one\r\ntwo\r\nthree\r\n');
    const result = await edit({ old_string: 'one\ntwo', new_string: 'uno\ndos' });
    expect(result.isError).toBeUndefined();
  });

  it('J.1 3.2 keeps CRLF line endings, including in the new text', async () => {
    ws.write('f.txt', 'one\r\ntwo\r\nthree\r\n');
    await edit({ old_string: 'one\ntwo', new_string: 'uno\ndos\ntres' });
    expect(ws.read('f.txt')).toBe('uno\r\ndos\r\ntres\r\nthree\r\n');
  });

  it('J.1 3.3 keeps LF line endings and adds no CR', async () => {
    ws.write('f.txt', 'one\ntwo\nthree\n');
    await edit({ old_string: 'two', new_string: 'two\nand a half' });
    expect(ws.read('f.txt')).toBe('one\ntwo\nand a half\nthree\n');
  });

  it('J.1 3.4 sees "hello\\r\\nworld" and "hello\\nworld" as the same text: 2 occurrences', async () => {
    ws.write('f.txt', 'hello\r\nworld\nand\nhello\nworld\n');
    const result = await edit({ old_string: 'hello\nworld', new_string: 'x' });
    expect(resultText(result)).toMatch(/^Found 2 occurrences/);
  });

  it('J.1 3.5 keeps a UTF-8 BOM and CRLF line endings together', async () => {
    ws.write('f.txt', '\uFEFFfirst\r\nsecond\r\n');
    await edit({ old_string: 'second', new_string: 'second\nthird' });
    expect(ws.readBytes('f.txt').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(ws.read('f.txt')).toBe('\uFEFFfirst\r\nsecond\r\nthird\r\n');
  });

  it('keeps the line endings of a mixed file outside the edited text', async () => {
    ws.write('f.txt', 'a\r\nb\nc\r\nd\n');
    await edit({ old_string: 'c', new_string: 'C' });
    expect(ws.read('f.txt')).toBe('a\r\nb\nC\r\nd\n');
  });
});

describe('edit_file: safety and edges (seed 004 §J.1.4)', () => {
  it('J.1 4.1 fills an empty file when old_string is "" (defined behaviour), and refuses "" for a non-empty file', async () => {
    ws.write('f.txt', '');
    const filled = await edit({ old_string: '', new_string: 'content' });
    expect(resultText(filled)).toBe('Created f.txt with the given content.');
    expect(ws.read('f.txt')).toBe('content');
    const refused = await edit({ old_string: '', new_string: 'more' });
    expect(resultText(refused)).toMatch(/^old_string is empty, but f\.txt is not empty\./);
    expect(ws.read('f.txt')).toBe('content');
  });

  it('J.1 4.1 creates a missing file when old_string is "" (as Claude Code does)', async () => {
    const result = await ws.run(editFileTool, {
      file_path: 'new/file.txt',
      old_string: '',
      new_string: 'hi\n',
    });
    expect(result.details).toMatchObject({ matchKind: 'created', firstChangedLine: 1 });
    expect(ws.read('new/file.txt')).toBe('hi\n');
  });

  it('J.1 4.2 edits a 10 MB file correctly (its speed is measured in bench/edit-large-file.bench.ts)', async () => {
    const line = 'const value = 42; // padding to make the line longer than usual......\n';
    const lines = Math.ceil((10 * 1024 * 1024) / line.length);
    const body = line.repeat(lines);
    ws.write('f.txt', `${body}UNIQUE_MARKER\n${body}`);
    const result = await edit({ old_string: 'UNIQUE_MARKER', new_string: 'replaced marker' });
    expect(result.details).toMatchObject({ replacements: 1, firstChangedLine: lines + 1 });
    expect((result.details as EditFileDetails).diff).toContain(`@@ -${lines - 3},9 +${lines - 3},9 @@`);
    const after = ws.read('f.txt');
    expect(after.length).toBe(body.length * 2 + 'replaced marker\n'.length);
    expect(after.slice(body.length, body.length + 16)).toBe('replaced marker\n');
  });

  it('J.1 4.3 detects a no-op edit and says "No changes made"', async () => {
    ws.write('f.txt', 'hello');
    const result = await edit({ old_string: 'hello', new_string: 'hello' });
    expect(resultText(result)).toMatch(
      /^No changes made to f\.txt\. The replacement produced identical content/,
    );
    expect(result.details).toMatchObject({ code: 'NO_CHANGE' });
  });

  it('J.1 4.4 serialises concurrent edits of one file so every edit lands', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `item${i}`);
    ws.write('f.txt', `${names.join('\n')}\n`);
    const results = await Promise.all(
      names.map((name) => edit({ old_string: name, new_string: `${name} done` })),
    );
    expect(results.every((result) => !result.isError)).toBe(true);
    expect(ws.read('f.txt')).toBe(`${names.map((name) => `${name} done`).join('\n')}\n`);
  });

  it('J.1 4.5 refuses a binary (PNG) file and leaves its bytes untouched', async () => {
    ws.write('f.txt', ONE_PIXEL_PNG);
    const result = await edit({ old_string: 'IHDR', new_string: 'XXXX' });
    expect(resultText(result)).toMatch(/^Cannot edit f\.txt: it is a binary file \(image\/png\), not text\./);
    expect(ws.readBytes('f.txt')).toEqual(ONE_PIXEL_PNG);
  });

  it('J.1 4.6 refuses ../../etc/passwd: edits stay inside the working directory', async () => {
    const before = readFileSync('/etc/passwd');
    const result = await ws.run(editFileTool, {
      file_path: '../../etc/passwd',
      old_string: 'root',
      new_string: 'hacked',
    });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('writes are only allowed inside');
    expect(readFileSync('/etc/passwd')).toEqual(before);
  });

  it('J.1 4.7 answers a directory with "Is a directory"', async () => {
    ws.write('folder/inside.txt', 'x');
    const result = await ws.run(editFileTool, { file_path: 'folder', old_string: 'x', new_string: 'y' });
    expect(resultText(result)).toMatch(/^Is a directory: folder\./);
  });

  it('refuses a file that is not valid UTF-8 rather than rewrite its other bytes', async () => {
    const latin1 = Buffer.from('caf\xe9 au lait\n', 'latin1');
    ws.write('f.txt', latin1);
    const result = await edit({ old_string: 'lait', new_string: 'milk' });
    expect(result.details).toMatchObject({ code: 'NOT_UTF8' });
    expect(ws.readBytes('f.txt')).toEqual(latin1);
  });

  it('answers a missing file with "File not found"', async () => {
    const result = await edit({ old_string: 'a', new_string: 'b' });
    expect(resultText(result)).toMatch(/^File not found: f\.txt\./);
  });
});

describe('edit_file: regressions of pi bugs (seed 004 §J.1.5)', () => {
  it('J.1 5.1 expands ~ to the home folder', async () => {
    const home = createWorkspace({}, 'weft-home-');
    const previous = process.env.HOME;
    process.env.HOME = home.dir.path;
    try {
      const homeWs = createWorkspace({ writableRoots: [home.dir.path] });
      try {
        home.write('test_dir/hello.txt', 'a');
        const result = await homeWs.run(editFileTool, {
          file_path: '~/test_dir/hello.txt',
          old_string: 'a',
          new_string: 'b',
        });
        expect(result.isError).toBeUndefined();
        expect(home.read('test_dir/hello.txt')).toBe('b');
      } finally {
        homeWs.remove();
      }
    } finally {
      process.env.HOME = previous;
      home.remove();
    }
  });

  it('J.1 5.2 answers a file_path of null or 123 with a validation error, without crashing', async () => {
    for (const file_path of [null, 123]) {
      const result = await ws.run(editFileTool, { file_path, old_string: 'x', new_string: 'y' });
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain('parameter "file_path" must be string');
    }
  });

  it('J.1 5.3 shows the real line numbers in the diff of an edit at line 338 of 500', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => (i === 337 ? 'target' : `line ${i + 1}`));
    ws.write('f.txt', `${lines.join('\n')}\n`);
    const result = await edit({ old_string: 'target', new_string: 'replaced' });
    const details = result.details as EditFileDetails;
    expect(details.firstChangedLine).toBe(338);
    expect(details.diff).toBe(
      [
        '--- a/f.txt',
        '+++ b/f.txt',
        '@@ -334,9 +334,9 @@',
        ' line 334',
        ' line 335',
        ' line 336',
        ' line 337',
        '-target',
        '+replaced',
        ' line 339',
        ' line 340',
        ' line 341',
        ' line 342',
        '',
      ].join('\n'),
    );
  });
});
