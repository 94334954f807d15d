import { chmodSync, existsSync, statSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../test/workspace.js';
import { writeFileTool } from './write-file-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.remove());

describe('write_file: basic writes (seed 004 §J.4.1)', () => {
  it('J.4 1.1 creates a new file and reports "Successfully wrote N bytes"', async () => {
    const result = await ws.run(writeFileTool, { file_path: 'new.txt', content: 'hello world' });
    expect(resultText(result)).toBe('Successfully wrote 11 bytes to new.txt');
    expect(ws.read('new.txt')).toBe('hello world');
    expect(result.details).toMatchObject({ bytes: 11, created: true, absolutePath: ws.path('new.txt') });
  });

  it('J.4 1.2 replaces an existing file, keeping its mode', async () => {
    ws.write('old.sh', 'old');
    const mode = 0o751;
    chmodSync(ws.path('old.sh'), mode);
    const result = await ws.run(writeFileTool, { file_path: 'old.sh', content: 'new' });
    expect(result.details).toMatchObject({ created: false });
    expect(ws.read('old.sh')).toBe('new');
    expect(statSync(ws.path('old.sh')).mode & 0o777).toBe(mode);
  });

  it('J.4 1.3 creates missing parent folders', async () => {
    await ws.run(writeFileTool, { file_path: 'nested/deep/dir/test.txt', content: 'hello' });
    expect(ws.read('nested/deep/dir/test.txt')).toBe('hello');
  });
});

describe('write_file: content edges (seed 004 §J.4.2)', () => {
  it('J.4 2.1 writes empty content as a 0-byte file', async () => {
    const result = await ws.run(writeFileTool, { file_path: 'empty.txt', content: '' });
    expect(resultText(result)).toBe('Successfully wrote 0 bytes to empty.txt');
    expect(statSync(ws.path('empty.txt')).size).toBe(0);
  });

  it('J.4 2.2 writes Chinese and emoji as UTF-8 and counts their bytes', async () => {
    const result = await ws.run(writeFileTool, { file_path: 'utf8.txt', content: '你好 🌍' });
    expect(resultText(result)).toBe('Successfully wrote 11 bytes to utf8.txt');
    expect(ws.read('utf8.txt')).toBe('你好 🌍');
  });
});

describe('write_file: safety and errors (seed 004 §J.4.3)', () => {
  it('J.4 3.2 refuses ../../etc/crontab: writes stay inside the working directory', async () => {
    const before = existsSync('/etc/crontab') ? statSync('/etc/crontab').mtimeMs : undefined;
    const result = await ws.run(writeFileTool, { file_path: '../../etc/crontab', content: 'malicious' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('writes are only allowed inside');
    expect(resultText(result)).toContain(ws.dir.path);
    expect(existsSync('/etc/crontab') ? statSync('/etc/crontab').mtimeMs : undefined).toBe(before);
  });

  it('J.4 3.3 expands ~ to the home folder', async () => {
    const home = createWorkspace({}, 'weft-home-');
    const previous = process.env.HOME;
    process.env.HOME = home.dir.path;
    try {
      const env = createWorkspace({ writableRoots: [home.dir.path] });
      try {
        const result = await env.run(writeFileTool, { file_path: '~/output/result.txt', content: 'data' });
        expect(resultText(result)).toBe('Successfully wrote 4 bytes to ~/output/result.txt');
        expect(home.read('output/result.txt')).toBe('data');
      } finally {
        env.remove();
      }
    } finally {
      process.env.HOME = previous;
      home.remove();
    }
  });

  it('J.4 3.4 answers file_path 123 and content null with a validation error naming both', async () => {
    const result = await ws.run(writeFileTool, { file_path: 123, content: null });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('parameter "file_path" must be string');
    expect(resultText(result)).toContain('parameter "content" must be string');
  });

  it('refuses to replace a folder with a file', async () => {
    ws.write('folder/inside.txt', 'x');
    const result = await ws.run(writeFileTool, { file_path: 'folder', content: 'x' });
    expect(resultText(result)).toMatch(/^Is a directory: folder\./);
  });

  it('serialises with edits of the same file: parallel writes each land whole', async () => {
    const contents = Array.from({ length: 8 }, (_, i) => `${i}`.repeat(100_000));
    await Promise.all(contents.map((content) => ws.run(writeFileTool, { file_path: 'race.txt', content })));
    expect(contents).toContain(ws.read('race.txt'));
  });
});
