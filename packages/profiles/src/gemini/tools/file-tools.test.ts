import { readFileSync, utimesSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createGeminiGlobTool } from './glob-tool.js';
import { createListDirectoryTool } from './list-directory-tool.js';
import { createGeminiReadFileTool } from './read-file-tool.js';
import { createReplaceTool } from './replace-tool.js';
import { createGeminiWriteFileTool } from './write-file-tool.js';
import { createWriteTodosTool } from './write-todos-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const readFile = createGeminiReadFileTool();
const writeFile = createGeminiWriteFileTool();
const replace = createReplaceTool();
const file = (name: string) => readFileSync(`${ws.path}/${name}`, 'utf8');

describe('read_file (gemini-cli)', () => {
  it('returns the raw text without line numbers', async () => {
    ws.write({ 'a.py': 'print(1)\nprint(2)\n' });
    expect((await ws.call(readFile, { file_path: 'a.py' })).text).toBe('print(1)\nprint(2)');
  });

  it('reads an inclusive range with the truncation notice, starting with a blank line', async () => {
    ws.write({ 'n.txt': Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') });
    const call = await ws.call(readFile, { file_path: 'n.txt', start_line: 3, end_line: 4 });
    expect(call.text).toBe(
      [
        '',
        'IMPORTANT: The file content has been truncated.',
        'Status: Showing lines 3-4 of 10 total lines.',
        "Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 5.",
        '',
        '--- FILE CONTENT (truncated) ---',
        'line 3',
        'line 4',
      ].join('\n'),
    );
  });

  it('reads 2000 lines by default, and cuts lines longer than 2000 characters', async () => {
    ws.write({
      'big.txt': Array.from({ length: 2500 }, (_, i) => `${i + 1}`).join('\n'),
      'wide.txt': 'w'.repeat(2500),
    });
    const big = await ws.call(readFile, { file_path: 'big.txt' });
    expect(big.text).toContain('Status: Showing lines 1-2000 of 2500 total lines.');
    expect(big.text.endsWith('\n1999\n2000')).toBe(true);
    const wide = await ws.call(readFile, { file_path: 'wide.txt' });
    expect(wide.text.endsWith(`\n${'w'.repeat(2000)}... [truncated]`)).toBe(true);
  });

  it('answers a missing file, a reversed range and a binary file', async () => {
    ws.write({ 'b.bin': Buffer.from([1, 0, 2]) });
    expect((await ws.call(readFile, { file_path: 'no.txt' })).text).toBe(`File not found: ${ws.path}/no.txt`);
    expect((await ws.call(readFile, { file_path: 'b.bin', start_line: 4, end_line: 2 })).text).toBe(
      'start_line (4) cannot be greater than end_line (2).',
    );
    expect((await ws.call(readFile, { file_path: 'b.bin' })).text).toBe(
      'Cannot display content of binary file: b.bin',
    );
  });
});

describe('write_file and replace (gemini-cli)', () => {
  it('write_file creates, then overwrites, each time showing the updated code', async () => {
    const created = await ws.call(writeFile, { file_path: 'hello.py', content: 'print("Hello World")\n' });
    expect(created.text).toBe(
      `Successfully created and wrote to new file: ${ws.path}/hello.py. Here is the updated code:\nprint("Hello World")\n`,
    );
    const lines = Array.from({ length: 20 }, (_, i) => `l${i}`);
    ws.write({ 'many.txt': lines.join('\n') });
    const changed = [...lines];
    changed[10] = 'CHANGED';
    const overwritten = await ws.call(writeFile, { file_path: 'many.txt', content: changed.join('\n') });
    expect(overwritten.text).toBe(
      `Successfully overwrote file: ${ws.path}/many.txt. Here is the updated code:\n${changed.slice(5, 16).join('\n')}`,
    );
  });

  it('replace changes one occurrence and reports the count and the updated code', async () => {
    ws.write({ 'a.py': 'print("Hello")\n' });
    const call = await ws.call(replace, {
      file_path: 'a.py',
      instruction: 'Add a goodbye line',
      old_string: 'print("Hello")',
      new_string: 'print("Hello")\nprint("Goodbye")',
    });
    expect(call.text).toBe(
      `Successfully modified file: ${ws.path}/a.py (1 replacements). Here is the updated code:\nprint("Hello")\nprint("Goodbye")\n`,
    );
    expect(file('a.py')).toBe('print("Hello")\nprint("Goodbye")\n');
  });

  it('replace needs allow_multiple for several occurrences', async () => {
    ws.write({ 'x.txt': 'a a a\n' });
    const refused = await ws.call(replace, {
      file_path: 'x.txt',
      instruction: 'i',
      old_string: 'a',
      new_string: 'b',
    });
    expect(refused.text).toBe(
      `Failed to edit, Expected 1 occurrence but found 3 for old_string in file: ${ws.path}/x.txt. If you intended to replace multiple occurrences, set 'allow_multiple' to true.`,
    );
    const all = await ws.call(replace, {
      file_path: 'x.txt',
      instruction: 'i',
      old_string: 'a',
      new_string: 'b',
      allow_multiple: true,
    });
    expect(all.text).toMatch(/\(3 replacements\)/);
    expect(file('x.txt')).toBe('b b b\n');
  });

  it('replace creates a file from an empty old_string, and refuses to when it exists', async () => {
    const created = await ws.call(replace, {
      file_path: 'new.txt',
      instruction: 'i',
      old_string: '',
      new_string: 'x\n',
    });
    expect(created.text).toBe(`Created new file: ${ws.path}/new.txt with provided content.`);
    const again = await ws.call(replace, {
      file_path: 'new.txt',
      instruction: 'i',
      old_string: '',
      new_string: 'y',
    });
    expect(again.isError).toBe(true);
    expect(again.text).toMatch(/^Failed to edit\. Attempted to create a file that already exists/);
  });

  it('replace answers no match and identical strings', async () => {
    ws.write({ 'a.txt': 'hello\n' });
    const missing = await ws.call(replace, {
      file_path: 'a.txt',
      instruction: 'i',
      old_string: 'bye',
      new_string: 'x',
    });
    expect(missing.text).toMatch(
      new RegExp(`^Could not find an exact match for 'old_string' in '${ws.path}/a.txt'\\.`),
    );
    const same = await ws.call(replace, {
      file_path: 'a.txt',
      instruction: 'i',
      old_string: 'hello',
      new_string: 'hello',
    });
    expect(same.text).toBe(
      `No changes to apply. The old_string and new_string are identical in file: ${ws.path}/a.txt`,
    );
  });
});

describe('glob and list_directory (gemini-cli)', () => {
  it('glob lists absolute paths: the last 24 hours newest first, then the rest alphabetically', async () => {
    ws.write({ 'b.py': '', 'a.py': '', 'new.py': '', 'newer.py': '', 'skip.txt': '' });
    const old = Date.now() / 1000 - 3 * 86_400;
    utimesSync(`${ws.path}/a.py`, old, old);
    utimesSync(`${ws.path}/b.py`, old - 10, old - 10);
    const recent = Date.now() / 1000 - 60;
    utimesSync(`${ws.path}/new.py`, recent - 30, recent - 30);
    utimesSync(`${ws.path}/newer.py`, recent, recent);
    const call = await ws.call(createGeminiGlobTool(), { pattern: '*.py' });
    expect(call.text).toBe(
      [
        `Found 4 file(s) matching "*.py" within ${ws.path}, sorted by modification time (newest first):`,
        `${ws.path}/newer.py`,
        `${ws.path}/new.py`,
        `${ws.path}/a.py`,
        `${ws.path}/b.py`,
      ].join('\n'),
    );
    expect((await ws.call(createGeminiGlobTool(), { pattern: '*.rs' })).text).toBe(
      `No files found matching pattern "*.rs" within ${ws.path}`,
    );
  });

  it('glob honours .geminiignore unless told not to', async () => {
    ws.write({ 'keep.md': '', 'secret/x.md': '', '.geminiignore': '# private\nsecret/\n' });
    const call = await ws.call(createGeminiGlobTool(), { pattern: '**/*.md' });
    expect(call.text).toContain(`${ws.path}/keep.md`);
    expect(call.text).not.toContain('secret');
    expect(call.text).toContain('(1 additional files were ignored)');
    const all = await ws.call(createGeminiGlobTool(), { pattern: '**/*.md', respect_gemini_ignore: false });
    expect(all.text).toContain(`${ws.path}/secret/x.md`);
  });

  it('list_directory shows folders first, then files with sizes, and counts what it ignored', async () => {
    ws.write({ 'b.txt': 'four', 'a.txt': '', 'src/x.ts': '', 'skip.log': 'x' });
    const call = await ws.call(createListDirectoryTool(), { dir_path: '.', ignore: ['*.log'] });
    expect(call.text).toBe(
      [
        `Directory listing for ${ws.path}:`,
        '[DIR] src',
        'a.txt (0 bytes)',
        'b.txt (4 bytes)',
        '',
        '(1 ignored)',
      ].join('\n'),
    );
    ws.write({ 'empty/.keep': '' });
    expect((await ws.call(createListDirectoryTool(), { dir_path: 'src/..' })).text).toContain('[DIR] empty');
  });

  it('list_directory leaves out what git ignores in a repository', async () => {
    ws.write({ '.gitignore': 'build/\n', 'build/out.js': '', 'main.c': '' });
    await ws.env.execCommand('git init -q .');
    const call = await ws.call(createListDirectoryTool(), { dir_path: '.' });
    expect(call.text).not.toContain('build');
    expect(call.text).toContain('main.c (0 bytes)');
    expect(call.text).toMatch(/\(1 ignored\)$/);
    const unfiltered = await ws.call(createListDirectoryTool(), {
      dir_path: '.',
      file_filtering_options: { respect_git_ignore: false },
    });
    expect(unfiltered.text).toContain('[DIR] build');
  });

  it('list_directory says when a folder is empty', async () => {
    ws.write({ 'void/.x': '' });
    await ws.env.deleteFile('void/.x');
    expect((await ws.call(createListDirectoryTool(), { dir_path: 'void' })).text).toBe(
      `Directory ${ws.path}/void is empty.`,
    );
  });
});

describe('write_todos (gemini-cli)', () => {
  it('echoes the list numbered with statuses, or says it was cleared', async () => {
    const todos = [
      { description: 'Write the tests', status: 'completed' },
      { description: 'Fix the bug', status: 'in_progress' },
      { description: 'Old idea', status: 'cancelled' },
    ];
    const call = await ws.call(createWriteTodosTool(), { todos });
    expect(call.text).toBe(
      'Successfully updated the todo list. The current list is now:\n1. [completed] Write the tests\n2. [in_progress] Fix the bug\n3. [cancelled] Old idea',
    );
    expect((await ws.call(createWriteTodosTool(), { todos: [] })).text).toBe(
      'Successfully cleared the todo list.',
    );
  });
});
