import { symlinkSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, numberedLines, ONE_PIXEL_PNG, type Workspace } from '../test/workspace.js';
import { readFileTool } from './read-file-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.remove());

const numbered = (from: number, to: number, width = String(to).length) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `${String(from + i).padStart(width)} | line ${from + i}`,
  ).join('\n');

describe('read_file: basic reading (seed 004 §J.3.1)', () => {
  it('J.3 1.1 reads a 3-line file whole, numbered, with no hint and no details', async () => {
    ws.write('a.txt', 'line 1\nline 2\nline 3\n');
    const result = await ws.run(readFileTool, { file_path: 'a.txt' });
    expect(result.isError).toBeUndefined();
    expect(resultText(result)).toBe('1 | line 1\n2 | line 2\n3 | line 3');
    expect(result.details).toBeUndefined();
  });

  it('J.3 1.2 answers a missing file with "File not found" and what to do', async () => {
    const result = await ws.run(readFileTool, { file_path: 'missing.txt' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^File not found: missing\.txt\. Check the path/);
    expect(result.details).toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  it('J.3 1.3 reads an empty file without error, saying it is empty', async () => {
    ws.write('empty.txt', '');
    const result = await ws.run(readFileTool, { file_path: 'empty.txt' });
    expect(result.isError).toBeUndefined();
    expect(resultText(result)).toBe('(empty file)');
  });
});

describe('read_file: paging (seed 004 §J.3.2)', () => {
  beforeEach(() => {
    ws.write('hundred.txt', numberedLines(100));
  });

  it('J.3 2.1 offset=51 returns lines 51-100', async () => {
    const result = await ws.run(readFileTool, { file_path: 'hundred.txt', offset: 51 });
    expect(resultText(result)).toBe(numbered(51, 100));
  });

  it('J.3 2.2 limit=10 returns lines 1-10 and "[90 more lines in file. Use offset=11 to continue.]"', async () => {
    const result = await ws.run(readFileTool, { file_path: 'hundred.txt', limit: 10 });
    expect(resultText(result)).toBe(
      `${numbered(1, 10)}\n\n[90 more lines in file. Use offset=11 to continue.]`,
    );
  });

  it('J.3 2.3 offset=41 limit=20 returns lines 41-60', async () => {
    const result = await ws.run(readFileTool, { file_path: 'hundred.txt', offset: 41, limit: 20 });
    expect(resultText(result)).toBe(
      `${numbered(41, 60)}\n\n[40 more lines in file. Use offset=61 to continue.]`,
    );
  });

  it('J.3 2.4 offset=1 is the same as no offset (and offset=0 is read as 1)', async () => {
    const plain = resultText(await ws.run(readFileTool, { file_path: 'hundred.txt' }));
    expect(resultText(await ws.run(readFileTool, { file_path: 'hundred.txt', offset: 1 }))).toBe(plain);
    expect(resultText(await ws.run(readFileTool, { file_path: 'hundred.txt', offset: 0 }))).toBe(plain);
    expect(plain).toBe(numbered(1, 100));
  });

  it('J.3 2.5 offset past the end answers "Offset 100 is beyond end of file (3 lines total)"', async () => {
    ws.write('three.txt', 'a\nb\nc\n');
    const result = await ws.run(readFileTool, { file_path: 'three.txt', offset: 100 });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      'Offset 100 is beyond end of file (3 lines total). Use an offset from 1 to 3.',
    );
  });
});

describe('read_file: truncation (seed 004 §J.3.3)', () => {
  it('J.3 3.1 cuts a 2500-line file at 2000 lines with "[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]"', async () => {
    ws.write('long.txt', numberedLines(2500));
    const text = resultText(await ws.run(readFileTool, { file_path: 'long.txt' }));
    expect(text).toBe(`${numbered(1, 2000)}\n\n[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]`);
  });

  it('J.3 3.2 cuts 500 lines of 200 characters at 50 KB with "(50.0KB limit)"', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `${i + 1}:`.padEnd(200, 'x'));
    ws.write('wide.txt', lines.join('\n'));
    const text = resultText(await ws.run(readFileTool, { file_path: 'wide.txt' }));
    // 255 lines × 201 bytes − 1 = 51 254 > 51 200; 254 lines fit.
    expect(
      text.endsWith('\n\n[Showing lines 1-254 of 500 (50.0KB limit). Use offset=255 to continue.]'),
    ).toBe(true);
    expect(text).toContain(`254 | ${lines[253]}`);
    expect(text).not.toContain(`255 | `);
  });

  it("J.3 3.3 explains a first line over 50 KB and how to see it (sed -n '1p' … | head -c 51200)", async () => {
    ws.write('one-line.txt', `${'z'.repeat(60 * 1024)}\nsecond\n`);
    const result = await ws.run(readFileTool, { file_path: 'one-line.txt' });
    expect(resultText(result)).toBe(
      "[Line 1 is 60.0KB, exceeds 50.0KB limit. Use shell: sed -n '1p' one-line.txt | head -c 51200]",
    );
    expect(result.details).toMatchObject({ truncation: { firstLineExceedsLimit: true, outputLines: 0 } });
  });

  it('J.8 4.1 tells the model how to continue after a cut (Use offset=2001 to continue)', async () => {
    ws.write('long.txt', numberedLines(2500));
    const text = resultText(await ws.run(readFileTool, { file_path: 'long.txt' }));
    expect(text).toContain('Use offset=2001 to continue');
    const next = resultText(await ws.run(readFileTool, { file_path: 'long.txt', offset: 2001 }));
    expect(next).toBe(numbered(2001, 2500));
  });
});

describe('read_file: images (seed 004 §J.3.4)', () => {
  it('J.3 4.1 recognises a PNG by its bytes even when named .txt and returns it as an image part', async () => {
    ws.write('picture.txt', ONE_PIXEL_PNG);
    const result = await ws.run(readFileTool, { file_path: 'picture.txt' });
    expect(result.content).toEqual([
      { type: 'text', text: 'Read image file [image/png]' },
      { type: 'image', mediaType: 'image/png', data: ONE_PIXEL_PNG.toString('base64') },
    ]);
  });

  it('J.3 4.2 reads text named .png as text, with no image part', async () => {
    ws.write('not-an-image.png', 'just text\n');
    const result = await ws.run(readFileTool, { file_path: 'not-an-image.png' });
    expect(result.content).toEqual([{ type: 'text', text: '1 | just text' }]);
  });

  it('refuses an image over the size cap and says how to make it smaller', async () => {
    const big = Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(4 * 1024 * 1024)]);
    ws.write('huge.png', big);
    const result = await ws.run(readFileTool, { file_path: 'huge.png' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('the image (image/png) is 4.0MB, over the 3.8MB limit for images');
    expect(resultText(result)).toContain('-resize');
  });

  it('recognises JPEG, GIF and WebP signatures', async () => {
    ws.write('a.bin', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
    ws.write('b.bin', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    ws.write('c.bin', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'));
    const types = [];
    for (const name of ['a.bin', 'b.bin', 'c.bin']) {
      const result = await ws.run(readFileTool, { file_path: name });
      types.push(result.content[1]?.type === 'image' ? result.content[1].mediaType : undefined);
    }
    expect(types).toEqual(['image/jpeg', 'image/gif', 'image/webp']);
  });
});

describe('read_file: file-system edges (seed 004 §J.3.5)', () => {
  it('J.3 5.1 reports truncation facts in details: truncatedBy lines, totalLines 2500, outputLines 2000', async () => {
    ws.write('long.txt', numberedLines(2500));
    const result = await ws.run(readFileTool, { file_path: 'long.txt' });
    expect(result.details).toMatchObject({
      startLine: 1,
      endLine: 2000,
      truncation: {
        truncated: true,
        truncatedBy: 'lines',
        totalLines: 2500,
        outputLines: 2000,
        maxLines: 2000,
      },
    });
  });

  it('J.3 5.2 offset at the last line returns only that line', async () => {
    ws.write('hundred.txt', numberedLines(100));
    const result = await ws.run(readFileTool, { file_path: 'hundred.txt', offset: 100 });
    expect(resultText(result)).toBe('100 | line 100');
  });

  it('J.3 5.3 follows a symbolic link to the file it points to', async () => {
    ws.write('target.txt', 'through the link\n');
    symlinkSync(ws.path('target.txt'), ws.path('link.txt'));
    expect(resultText(await ws.run(readFileTool, { file_path: 'link.txt' }))).toBe('1 | through the link');
  });

  it('refuses a directory, saying to use list_dir', async () => {
    ws.write('folder/a.txt', 'a');
    const result = await ws.run(readFileTool, { file_path: 'folder' });
    expect(resultText(result)).toMatch(/^Is a directory: folder\..*list_dir/);
  });

  it('refuses a binary file with a clear error', async () => {
    ws.write('program.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]));
    const result = await ws.run(readFileTool, { file_path: 'program.bin' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^Cannot read program\.bin: it is a binary file \(10B\), not text\./);
  });

  it('stops reading when the call is aborted', async () => {
    ws.write(
      'big.txt',
      'x'
        .repeat(1023)
        .concat('\n')
        .repeat(32 * 1024),
    ); // 32 MB
    const controller = new AbortController();
    const pending = ws.run(readFileTool, { file_path: 'big.txt', offset: 32 * 1024 }, controller.signal);
    setImmediate(() => controller.abort());
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/aborted/);
  });

  it('drops CR line endings and a UTF-8 BOM from what it shows', async () => {
    ws.write('dos.txt', '\uFEFFfirst\r\nsecond\r\n');
    expect(resultText(await ws.run(readFileTool, { file_path: 'dos.txt' }))).toBe('1 | first\n2 | second');
  });

  it('keeps multi-byte characters whole across stream chunk boundaries', async () => {
    const line = '中'.repeat(30_000); // 90 000 bytes: crosses 64 KiB chunk boundaries mid-character
    ws.write('cjk.txt', `${line}\nend\n`);
    const result = await ws.run(readFileTool, { file_path: 'cjk.txt', offset: 2 });
    expect(resultText(result)).toBe('2 | end');
    const short = '中'.repeat(20_000); // 60 000 bytes, over 50 KB: reported as too long
    ws.write('cjk2.txt', `ab${short}\n`);
    const small = await ws.run(readFileTool, { file_path: 'cjk2.txt' });
    expect(resultText(small)).toContain('[Line 1 is 58.6KB, exceeds 50.0KB limit.');
  });
});

describe('read_file: regressions of pi bugs (seed 004 §J.3.6)', () => {
  it('J.3 6.1 reads a file whose name has spaces and Chinese characters', async () => {
    ws.write('截图 2026-02-11 下午3.42.10.png', 'screenshot notes\n');
    const result = await ws.run(readFileTool, { file_path: '截图 2026-02-11 下午3.42.10.png' });
    expect(resultText(result)).toBe('1 | screenshot notes');
  });

  it('finds a macOS screenshot name typed with a plain space before PM (narrow no-break space on disk)', async () => {
    ws.write('Screenshot 2026-02-11 at 3.42.10\u202FPM.txt', 'mac\n');
    const result = await ws.run(readFileTool, { file_path: 'Screenshot 2026-02-11 at 3.42.10 PM.txt' });
    expect(resultText(result)).toBe('1 | mac');
  });

  it('finds a name stored decomposed (NFD) or with a curly apostrophe when typed composed and straight', async () => {
    ws.write('Capture d\u2019e\u0301cran.txt', 'fr\n');
    const result = await ws.run(readFileTool, { file_path: "Capture d'écran.txt" });
    expect(resultText(result)).toBe('1 | fr');
  });

  it('J.3 6.2 expands ~ to the home folder', async () => {
    const home = createWorkspace({}, 'weft-home-');
    const previous = process.env.HOME;
    process.env.HOME = home.dir.path;
    try {
      home.write('test.txt', 'at home\n');
      expect(resultText(await ws.run(readFileTool, { file_path: '~/test.txt' }))).toBe('1 | at home');
    } finally {
      process.env.HOME = previous;
      home.remove();
    }
  });

  it('J.3 6.3 answers a non-string file_path with a validation error naming it', async () => {
    for (const file_path of [42, null]) {
      const result = await ws.run(readFileTool, { file_path });
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain('parameter "file_path" must be string');
    }
  });
});
