import { describe, expect, it } from 'vitest';
import { type LineWindow, scanLines } from './scan-lines.js';

const encoder = new TextEncoder();

/** Splits `text` into chunks of `size` bytes, as a stream would deliver it. */
async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.slice(start, start + size);
}

const window = (overrides: Partial<LineWindow> = {}): LineWindow => ({
  startLine: 1,
  endLine: Number.POSITIVE_INFINITY,
  maxLines: 2000,
  maxBytes: 50 * 1024,
  ...overrides,
});

describe('scanLines', () => {
  it('reads every line and counts a final newline as ending the last line', async () => {
    for (const size of [1, 2, 3, 64]) {
      expect(await scanLines(chunked('a\nbb\nccc\n', size), window())).toEqual({
        lines: ['a', 'bb', 'ccc'],
        totalLines: 3,
        totalBytes: 9,
        keptBytes: 8,
        stoppedBy: null,
      });
    }
  });

  it('counts a last line without a newline', async () => {
    expect(await scanLines(chunked('a\nb', 1), window())).toMatchObject({ lines: ['a', 'b'], totalLines: 2 });
  });

  it('treats an empty file as no lines and a lone newline as one empty line', async () => {
    expect(await scanLines(chunked('', 4), window())).toMatchObject({ lines: [], totalLines: 0 });
    expect(await scanLines(chunked('\n', 4), window())).toMatchObject({ lines: [''], totalLines: 1 });
  });

  it('keeps only the window and still counts every line', async () => {
    const text = Array.from({ length: 10 }, (_, i) => `L${i + 1}`).join('\n');
    expect(await scanLines(chunked(text, 3), window({ startLine: 4, endLine: 6 }))).toMatchObject({
      lines: ['L4', 'L5', 'L6'],
      totalLines: 10,
      stoppedBy: 'limit',
    });
  });

  it('reports no stop when the window ends exactly at the last line', async () => {
    expect(await scanLines(chunked('a\nb\nc', 2), window({ startLine: 2, endLine: 3 }))).toMatchObject({
      lines: ['b', 'c'],
      stoppedBy: null,
    });
  });

  it('stops at the line limit and at the byte limit', async () => {
    expect(await scanLines(chunked('a\nb\nc\nd', 1), window({ maxLines: 2 }))).toMatchObject({
      lines: ['a', 'b'],
      stoppedBy: 'lines',
      totalLines: 4,
    });
    // "aaa" (3) + "\nbbb" (4) = 7 bytes fit in 8; "\nccc" would make 11.
    expect(await scanLines(chunked('aaa\nbbb\nccc', 2), window({ maxBytes: 8 }))).toMatchObject({
      lines: ['aaa', 'bbb'],
      keptBytes: 7,
      stoppedBy: 'bytes',
    });
  });

  it('measures an over-long first line without storing it', async () => {
    const result = await scanLines(chunked(`${'x'.repeat(1000)}\nshort`, 100), window({ maxBytes: 10 }));
    expect(result).toMatchObject({
      lines: [],
      stoppedBy: 'bytes',
      oversizedLine: { line: 1, bytes: 1000 },
      totalLines: 2,
    });
  });

  it('decodes characters split across chunks, drops "\\r" before "\\n" and a leading BOM', async () => {
    const text = '\uFEFF中文\r\nĀ😀\r\n';
    for (const size of [1, 2, 5]) {
      expect((await scanLines(chunked(text, size), window())).lines).toEqual(['中文', 'Ā😀']);
    }
  });

  it('keeps a line that spans chunks intact even when the source reuses its buffer', async () => {
    async function* reusing(): AsyncGenerator<Uint8Array> {
      const buffer = new Uint8Array(4);
      for (const piece of ['abcd', 'ef\ngh', 'ij\n']) {
        const bytes = encoder.encode(piece);
        for (let start = 0; start < bytes.length; start += 4) {
          const part = bytes.subarray(start, start + 4);
          buffer.set(part);
          yield buffer.subarray(0, part.length);
        }
      }
    }
    expect((await scanLines(reusing(), window())).lines).toEqual(['abcdef', 'ghij']);
  });
});
