import { symlinkSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createListDirTool } from './list-dir-tool.js';
import { createReadFileTool } from './read-file-tool.js';
import { createUpdatePlanTool } from './update-plan-tool.js';
import { createViewImageTool } from './view-image-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const listDir = createListDirTool();
const readFile = createReadFileTool();

describe('list_dir (codex)', () => {
  beforeEach(() => {
    ws.write({ 'b.txt': '', 'a/inner.ts': '', 'a/deep/x.ts': '', 'a-b.md': '' });
    symlinkSync('b.txt', `${ws.path}/link`);
  });

  it('shows the absolute path, then entries by path, two spaces per level, with / and @ suffixes', async () => {
    const call = await ws.call(listDir, { dir_path: ws.path });
    // codex compares whole relative paths as bytes, so "a-b.md" ('-' < '/') falls between the
    // folder "a" and its own entries.
    expect(call.text).toBe(
      [`Absolute path: ${ws.path}`, 'a/', 'a-b.md', '  deep/', '  inner.ts', 'b.txt', 'link@'].join('\n'),
    );
  });

  it('pages with offset and limit and says when more entries are left', async () => {
    const call = await ws.call(listDir, { dir_path: ws.path, offset: 2, limit: 2, depth: 3 });
    expect(call.text).toBe(
      [`Absolute path: ${ws.path}`, 'a-b.md', '  deep/', 'More than 2 entries found'].join('\n'),
    );
  });

  it("answers codex's argument errors", async () => {
    expect((await ws.call(listDir, { dir_path: 'relative' })).text).toBe('dir_path must be an absolute path');
    expect((await ws.call(listDir, { dir_path: ws.path, offset: 0 })).text).toBe(
      'offset must be a 1-indexed entry number',
    );
    expect((await ws.call(listDir, { dir_path: ws.path, limit: 0 })).text).toBe(
      'limit must be greater than zero',
    );
    expect((await ws.call(listDir, { dir_path: ws.path, depth: 0 })).text).toBe(
      'depth must be greater than zero',
    );
    expect((await ws.call(listDir, { dir_path: ws.path, offset: 99 })).text).toBe(
      'offset exceeds directory entry count',
    );
  });
});

describe('read_file (codex)', () => {
  it('returns lines as L<n>: text, from offset, limit lines', async () => {
    ws.write({ 'a.py': 'one\r\ntwo\nthree\n' });
    expect((await ws.call(readFile, { file_path: `${ws.path}/a.py` })).text).toBe(
      'L1: one\nL2: two\nL3: three',
    );
    expect((await ws.call(readFile, { file_path: `${ws.path}/a.py`, offset: 2, limit: 1 })).text).toBe(
      'L2: two',
    );
  });

  it('cuts each line to 500 bytes', async () => {
    ws.write({ 'long.txt': `${'é'.repeat(300)}\n` });
    const text = (await ws.call(readFile, { file_path: `${ws.path}/long.txt` })).text;
    expect(text).toBe(`L1: ${'é'.repeat(250)}`);
  });

  it("answers codex's argument errors", async () => {
    ws.write({ 'a.txt': 'x\n' });
    expect((await ws.call(readFile, { file_path: 'a.txt' })).text).toBe('file_path must be an absolute path');
    expect((await ws.call(readFile, { file_path: `${ws.path}/a.txt`, offset: 0 })).text).toBe(
      'offset must be a 1-indexed line number',
    );
    expect((await ws.call(readFile, { file_path: `${ws.path}/a.txt`, offset: 5 })).text).toBe(
      'offset exceeds file length',
    );
    expect((await ws.call(readFile, { file_path: `${ws.path}/a.txt`, limit: 0 })).text).toBe(
      'limit must be greater than zero',
    );
    expect((await ws.call(readFile, { file_path: `${ws.path}/none.txt` })).text).toMatch(
      /^failed to read file: /,
    );
  });

  it('indentation mode shows the block around the anchor, with its header comments', async () => {
    ws.write({
      'm.py': [
        'import os',
        '',
        'class A:',
        '    # Says hello.',
        '    def hello(self):',
        '        x = 1',
        '',
        '        return x',
        '',
        '    def other(self):',
        '        pass',
        '',
        'def main():',
        '    pass',
        '',
      ].join('\n'),
    });
    const path = `${ws.path}/m.py`;
    const method = await ws.call(readFile, {
      file_path: path,
      mode: 'indentation',
      indentation: { anchor_line: 6, max_levels: 1 },
    });
    expect(method.text).toBe(
      [
        'L4:     # Says hello.',
        'L5:     def hello(self):',
        'L6:         x = 1',
        'L7: ',
        'L8:         return x',
      ].join('\n'),
    );
    const withSiblings = await ws.call(readFile, {
      file_path: path,
      mode: 'indentation',
      indentation: { anchor_line: 6, max_levels: 1, include_siblings: true, include_header: false },
    });
    expect(withSiblings.text.split('\n').map((line) => line.split(':')[0])).toEqual([
      'L5',
      'L6',
      'L7',
      'L8',
      'L9',
      'L10',
      'L11',
    ]);
    const whole = await ws.call(readFile, {
      file_path: path,
      mode: 'indentation',
      indentation: { anchor_line: 6 },
    });
    expect(whole.text.split('\n')[0]).toBe('L3: class A:');
    expect(whole.text.split('\n').at(-1)).toBe('L11:         pass');
  });
});

describe('view_image (codex)', () => {
  const viewImage = createViewImageTool();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('attaches an image, and refuses a missing file or one that is not an image', async () => {
    ws.write({ 'dot.png': png, 'a.txt': 'text' });
    const call = await ws.call(viewImage, { path: 'dot.png' });
    expect(call.result.content).toEqual([
      { type: 'image', mediaType: 'image/png', data: png.toString('base64') },
    ]);
    expect((await ws.call(viewImage, { path: 'none.png' })).text).toBe(
      `unable to locate image at \`${ws.path}/none.png\``,
    );
    expect((await ws.call(viewImage, { path: 'a.txt' })).text).toBe(
      `${ws.path}/a.txt is not a PNG, JPEG, GIF or WebP image.`,
    );
  });
});

describe('update_plan (codex)', () => {
  const updatePlan = createUpdatePlanTool();

  it('answers "Plan updated" and hands the plan to the host', async () => {
    const plan = [
      { step: 'Read the code', status: 'completed' },
      { step: 'Fix the bug', status: 'in_progress' },
    ];
    const call = await ws.call(updatePlan, { explanation: 'Found the cause', plan });
    expect(call).toMatchObject({
      isError: false,
      text: 'Plan updated',
      details: { plan, explanation: 'Found the cause' },
    });
  });

  it('rejects a status codex does not know', async () => {
    const call = await ws.call(updatePlan, { plan: [{ step: 'x', status: 'done' }] });
    expect(call).toMatchObject({
      isError: true,
      text: 'Invalid status "done" for step "x": use pending, in_progress or completed.',
    });
  });
});
