import { mkdirSync, symlinkSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../test/workspace.js';
import { listDirTool } from './list-dir-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.remove());

describe('list_dir: basic listing (seed 004 §J.7.1)', () => {
  it('J.7 1.1 lists dotfiles and marks folders with "/"', async () => {
    ws.write('.hidden-file', 'x');
    mkdirSync(ws.path('.hidden-dir'));
    ws.write('visible.txt', 'x');
    const result = await ws.run(listDirTool, { path: '.' });
    expect(resultText(result)).toBe('.hidden-dir/\n.hidden-file\nvisible.txt');
  });

  it('J.7 1.2 says "(empty directory)" for an empty folder', async () => {
    mkdirSync(ws.path('empty'));
    expect(resultText(await ws.run(listDirTool, { path: 'empty' }))).toBe('(empty directory)');
  });

  it('J.7 1.3 sorts case-insensitively: apple.txt, Banana.txt, Zebra.txt', async () => {
    for (const name of ['Zebra.txt', 'apple.txt', 'Banana.txt']) ws.write(name, 'x');
    expect(resultText(await ws.run(listDirTool, {}))).toBe('apple.txt\nBanana.txt\nZebra.txt');
  });

  it('lists the working directory when no path is given', async () => {
    ws.write('only.txt', 'x');
    expect(resultText(await ws.run(listDirTool, {}))).toBe('only.txt');
  });

  it('lists subfolders with depth, each folder followed by its entries', async () => {
    ws.write('src/index.ts', 'x');
    ws.write('src/lib/util.ts', 'x');
    ws.write('src-old/a.ts', 'x');
    ws.write('README.md', 'x');
    expect(resultText(await ws.run(listDirTool, { depth: 2 }))).toBe(
      'README.md\nsrc/\nsrc/index.ts\nsrc/lib/\nsrc-old/\nsrc-old/a.ts',
    );
    expect(resultText(await ws.run(listDirTool, { depth: 3 }))).toContain('src/lib/util.ts');
  });

  it('shows a symbolic link to a folder as a folder, and still lists a broken link', async () => {
    mkdirSync(ws.path('real'));
    symlinkSync(ws.path('real'), ws.path('alias'));
    symlinkSync(ws.path('missing'), ws.path('dangling'));
    expect(resultText(await ws.run(listDirTool, {}))).toBe('alias/\ndangling\nreal/');
  });
});

describe('list_dir: errors and limits (seed 004 §J.7.2)', () => {
  it('J.7 2.1 answers a file path with "Not a directory"', async () => {
    ws.write('file.txt', 'x');
    const result = await ws.run(listDirTool, { path: 'file.txt' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe('Not a directory: file.txt. It is a file; use read_file to read it.');
  });

  it('J.7 2.2 answers a missing path with "Path not found"', async () => {
    const result = await ws.run(listDirTool, { path: 'nowhere' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^Path not found: nowhere\./);
  });

  it('J.7 2.3 shows 500 of 600 entries and counts the 100 left out', async () => {
    for (let i = 0; i < 600; i++) ws.write(`many/file-${String(i).padStart(3, '0')}.txt`, '');
    const result = await ws.run(listDirTool, { path: 'many' });
    const lines = resultText(result).split('\n');
    expect(lines.slice(0, 500)).toEqual(
      Array.from({ length: 500 }, (_, i) => `file-${String(i).padStart(3, '0')}.txt`),
    );
    expect(lines.slice(500)).toEqual([
      '',
      '[Showing 500 of 600 entries; 100 more not shown. List a subfolder to see more.]',
    ]);
    expect(result.details).toMatchObject({ totalEntries: 600, omittedEntries: 100, entries: 500 });
  });
});

describe('list_dir: argument validation (seed 004 §J.7.3)', () => {
  it('J.7 3.1 answers a path of 42 with a validation error naming the parameter', async () => {
    const result = await ws.run(listDirTool, { path: 42 });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('parameter "path" must be string');
  });

  it('refuses a depth below 1', async () => {
    const result = await ws.run(listDirTool, { depth: 0 });
    expect(resultText(result)).toContain('parameter "depth"');
  });
});
