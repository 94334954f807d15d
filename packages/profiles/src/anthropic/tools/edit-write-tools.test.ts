import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createEditTool } from './edit-tool.js';
import { createWriteTool } from './write-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const edit = createEditTool();
const write = createWriteTool();
const file = (name: string) => readFileSync(`${ws.path}/${name}`, 'utf8');

describe('Write (Claude Code)', () => {
  it('creates a file, folders included, and says so with its path', async () => {
    const call = await ws.call(write, { file_path: `${ws.path}/src/new.py`, content: 'print(1)\n' });
    expect(call).toMatchObject({
      isError: false,
      text: `File created successfully at: ${ws.path}/src/new.py`,
    });
    expect(file('src/new.py')).toBe('print(1)\n');
  });

  it('overwrites an existing file with the update confirmation', async () => {
    ws.write({ 'a.txt': 'old' });
    const call = await ws.call(write, { file_path: `${ws.path}/a.txt`, content: 'new' });
    expect(call.text).toBe(`The file ${ws.path}/a.txt has been updated successfully.`);
    expect(file('a.txt')).toBe('new');
  });

  it('refuses a write outside the working directory as a refused call', async () => {
    const call = await ws.call(write, { file_path: '/etc/weft-profiles-test', content: 'x' });
    expect(call.isError).toBe(true);
    expect(call.text).toMatch(
      /^<tool_use_error>Cannot write \/etc\/weft-profiles-test: writes are only allowed inside/,
    );
  });
});

describe('Edit (Claude Code)', () => {
  it('replaces one exact occurrence', async () => {
    ws.write({ 'a.py': 'print("Hello")\n' });
    const call = await ws.call(edit, {
      file_path: `${ws.path}/a.py`,
      old_string: 'print("Hello")',
      new_string: 'print("Hello")\nprint("Goodbye")',
    });
    expect(call).toMatchObject({
      isError: false,
      text: `The file ${ws.path}/a.py has been updated successfully.`,
    });
    expect(file('a.py')).toBe('print("Hello")\nprint("Goodbye")\n');
  });

  it('replaces every occurrence with replace_all and says so', async () => {
    ws.write({ 'a.ts': 'let n = 1; n = n + 1;\n' });
    const call = await ws.call(edit, {
      file_path: `${ws.path}/a.ts`,
      old_string: 'n',
      new_string: 'count',
      replace_all: true,
    });
    expect(call.text).toBe(
      `The file ${ws.path}/a.ts has been updated. All occurrences were successfully replaced.`,
    );
    expect(file('a.ts')).toBe('let count = 1; count = count + 1;\n');
  });

  it('refuses an ambiguous old_string without replace_all, naming the count and the string', async () => {
    ws.write({ 'a.txt': 'x\nx\nx\n' });
    const call = await ws.call(edit, { file_path: `${ws.path}/a.txt`, old_string: 'x', new_string: 'y' });
    expect(call.isError).toBe(true);
    expect(call.text).toMatch(
      /^<tool_use_error>Found 3 matches of the string to replace, but replace_all is false\./,
    );
    expect(call.text).toMatch(/\nString: x<\/tool_use_error>$/);
    expect(file('a.txt')).toBe('x\nx\nx\n');
  });

  it('refuses a string that is not in the file', async () => {
    ws.write({ 'a.txt': 'hello\n' });
    const call = await ws.call(edit, { file_path: `${ws.path}/a.txt`, old_string: 'bye', new_string: 'x' });
    expect(call.text).toBe(
      '<tool_use_error>String to replace not found in file.\nString: bye</tool_use_error>',
    );
  });

  it('refuses identical strings before touching the file', async () => {
    const call = await ws.call(edit, { file_path: `${ws.path}/none.txt`, old_string: 'a', new_string: 'a' });
    expect(call.text).toBe(
      '<tool_use_error>No changes to make: old_string and new_string are exactly the same.</tool_use_error>',
    );
  });

  it('creates a missing file from an empty old_string, and refuses one that has content', async () => {
    const created = await ws.call(edit, {
      file_path: `${ws.path}/new.txt`,
      old_string: '',
      new_string: 'hi\n',
    });
    expect(created.isError).toBe(false);
    expect(file('new.txt')).toBe('hi\n');
    const refused = await ws.call(edit, { file_path: `${ws.path}/new.txt`, old_string: '', new_string: 'x' });
    expect(refused.text).toBe(
      '<tool_use_error>Cannot create new file - file already exists.</tool_use_error>',
    );
  });

  it('answers a missing file with the working directory', async () => {
    const call = await ws.call(edit, { file_path: `${ws.path}/gone.txt`, old_string: 'a', new_string: 'b' });
    expect(call.text).toBe(
      `<tool_use_error>File does not exist. Note: your current working directory is ${ws.path}.</tool_use_error>`,
    );
  });

  it('matches curly quotes written as straight ones, changing only the matched text', async () => {
    ws.write({ 'q.txt': 'say “hi” now\nkeep “this”\n' });
    const call = await ws.call(edit, {
      file_path: `${ws.path}/q.txt`,
      old_string: 'say "hi"',
      new_string: 'say "bye"',
    });
    expect(call.isError).toBe(false);
    expect(file('q.txt')).toBe('say "bye" now\nkeep “this”\n');
  });
});
