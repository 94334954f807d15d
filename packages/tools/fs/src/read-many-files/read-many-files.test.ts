import { resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, numberedLines, ONE_PIXEL_PNG, type Workspace } from '../test/workspace.js';
import { readManyFilesTool } from './read-many-files-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.remove());

describe('read_many_files (gemini-cli style)', () => {
  it('concatenates the named files under "--- path ---" separators and ends with "--- End of content ---"', async () => {
    ws.write('a.txt', 'alpha\n');
    ws.write('b.txt', 'beta');
    const result = await ws.run(readManyFilesTool, { include: ['b.txt', 'a.txt'] });
    expect(result.content).toEqual([
      {
        type: 'text',
        text: `--- ${ws.path('a.txt')} ---\n\nalpha\n\n--- ${ws.path('b.txt')} ---\n\nbeta\n\n\n--- End of content ---`,
      },
    ]);
  });

  it('expands glob patterns (** spans folders, * stays in one) and reads a folder recursively', async () => {
    ws.write('src/index.ts', 'i');
    ws.write('src/lib/util.ts', 'u');
    ws.write('src/lib/notes.md', 'n');
    ws.write('docs/guide.md', 'g');
    ws.write('docs/deep/more.md', 'm');
    const globbed = await ws.run(readManyFilesTool, { include: ['src/**/*.ts'] });
    expect(globbed.details).toMatchObject({
      files: [{ path: ws.path('src/index.ts') }, { path: ws.path('src/lib/util.ts') }],
    });
    const shallow = await ws.run(readManyFilesTool, { include: ['src/*.ts'] });
    expect(shallow.details).toMatchObject({ files: [{ path: ws.path('src/index.ts') }] });
    const folder = await ws.run(readManyFilesTool, { include: ['docs/'] });
    expect(folder.details).toMatchObject({
      files: [{ path: ws.path('docs/deep/more.md') }, { path: ws.path('docs/guide.md') }],
    });
    const flat = await ws.run(readManyFilesTool, { include: ['docs'], recursive: false });
    expect(flat.details).toMatchObject({ files: [{ path: ws.path('docs/guide.md') }] });
  });

  it('leaves out node_modules, .git and .env files by default, and what exclude names', async () => {
    ws.write('keep.js', 'k');
    ws.write('node_modules/pkg/index.js', 'n');
    ws.write('.git/config', 'g');
    ws.write('.env', 'SECRET=1');
    ws.write('logs/run.log', 'l');
    const result = await ws.run(readManyFilesTool, { include: ['**/*'], exclude: ['logs/'] });
    expect(result.details).toMatchObject({ files: [{ path: ws.path('keep.js') }] });
    const all = await ws.run(readManyFilesTool, { include: ['**/*'], useDefaultExcludes: false });
    expect((all.details as { files: unknown[] }).files).toHaveLength(5);
  });

  it('includes an image only when a pattern names its extension or name, as an image part', async () => {
    ws.write('logo.png', ONE_PIXEL_PNG);
    ws.write('readme.md', 'r');
    const unnamed = await ws.run(readManyFilesTool, { include: ['*'] });
    expect(unnamed.details).toMatchObject({
      files: [{ path: ws.path('readme.md') }],
      skipped: [{ path: 'logo.png', reason: 'image not requested by name or extension' }],
    });
    const named = await ws.run(readManyFilesTool, { include: ['*.png'] });
    expect(named.content).toEqual([
      { type: 'text', text: `--- ${ws.path('logo.png')} ---\n\n` },
      { type: 'image', mediaType: 'image/png', data: ONE_PIXEL_PNG.toString('base64') },
      { type: 'text', text: '\n--- End of content ---' },
    ]);
  });

  it('skips binary files and missing paths, and tells the model which and why', async () => {
    ws.write('data.bin', Buffer.from([1, 0, 2, 0]));
    ws.write('ok.txt', 'fine');
    const result = await ws.run(readManyFilesTool, { include: ['data.bin', 'ok.txt', 'gone.txt'] });
    expect(resultText(result)).toBe(
      `--- ${ws.path('ok.txt')} ---\n\nfine\n\n\n--- End of content ---\n\n[Skipped 2: gone.txt (not found); data.bin (binary file)]`,
    );
  });

  it('warns when a file was cut by the per-file limit', async () => {
    ws.write('long.txt', numberedLines(2500));
    const text = resultText(await ws.run(readManyFilesTool, { include: ['long.txt'] }));
    expect(text).toContain(
      "\n\n[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\nline 1\n",
    );
    expect(text).toContain('line 2000\n\n\n--- End of content ---');
  });

  it('says so when nothing matched', async () => {
    const result = await ws.run(readManyFilesTool, { include: ['*.nothing'] });
    expect(resultText(result)).toBe('No files matching the criteria were found or all were skipped.');
  });

  it('stops adding files past the total output budget and names the ones left out', async () => {
    const line = 'x'.repeat(1000);
    for (const name of ['a', 'b', 'c'])
      ws.write(`${name}.txt`, Array.from({ length: 45 }, () => line).join('\n'));
    const result = await ws.run(readManyFilesTool, { include: ['*.txt'] });
    expect(result.details).toMatchObject({
      files: [{ path: ws.path('a.txt') }, { path: ws.path('b.txt') }],
      skipped: [{ path: 'c.txt', reason: 'output limit reached; read it with read_file' }],
    });
  });

  it('answers an empty include list with a validation error', async () => {
    const result = await ws.run(readManyFilesTool, { include: [] });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('parameter "include"');
  });
});
