import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createReadTool } from './read-tool.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const read = createReadTool();

describe('Read (Claude Code)', () => {
  it('numbers lines as N<TAB>text from 1, strips CR and the BOM, no padding or arrow', async () => {
    ws.write({ 'a.ts': '\uFEFFimport fs from "node:fs";\r\nexport const x = 1;\n' });
    const call = await ws.call(read, { file_path: `${ws.path}/a.ts` });
    expect(call.isError).toBe(false);
    expect(call.text).toBe('1\timport fs from "node:fs";\n2\texport const x = 1;');
  });

  it('starts numbering at offset and reads limit lines; offset 0 counts as 1', async () => {
    ws.write({ 'n.txt': 'one\ntwo\nthree\nfour\n' });
    expect((await ws.call(read, { file_path: `${ws.path}/n.txt`, offset: 2, limit: 2 })).text).toBe(
      '2\ttwo\n3\tthree',
    );
    expect((await ws.call(read, { file_path: `${ws.path}/n.txt`, offset: 0, limit: 1 })).text).toBe('1\tone');
  });

  it('warns (as text, not an error) about an empty file and an offset past the end', async () => {
    ws.write({ 'empty.txt': '', 'short.txt': 'a\nb\n' });
    const empty = await ws.call(read, { file_path: `${ws.path}/empty.txt` });
    expect(empty).toMatchObject({
      isError: false,
      text: '<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>',
    });
    const past = await ws.call(read, { file_path: `${ws.path}/short.txt`, offset: 9 });
    expect(past).toMatchObject({
      isError: false,
      text: '<system-reminder>Warning: the file exists but is shorter than the provided offset (9). The file has 2 lines.</system-reminder>',
    });
  });

  it('answers a missing file with the working directory, as a refused call', async () => {
    const call = await ws.call(read, { file_path: `${ws.path}/missing.ts` });
    expect(call).toMatchObject({
      isError: true,
      text: `<tool_use_error>File does not exist. Note: your current working directory is ${ws.path}.</tool_use_error>`,
    });
  });

  it('refuses a whole-file read over 256KB, but reads a part of it with limit', async () => {
    ws.write({ 'big.log': `${'y'.repeat(99)}\n`.repeat(3000) });
    const whole = await ws.call(read, { file_path: `${ws.path}/big.log` });
    expect(whole.isError).toBe(true);
    expect(whole.text).toMatch(
      /^<tool_use_error>File content \(293\.0KB\) exceeds maximum allowed size \(256KB\)\./,
    );
    const part = await ws.call(read, { file_path: `${ws.path}/big.log`, offset: 2999, limit: 5 });
    expect(part.text).toBe(`2999\t${'y'.repeat(99)}\n3000\t${'y'.repeat(99)}`);
  });

  it('returns a 100 000-character line whole (under the 25 000-token cap)', async () => {
    ws.write({ 'big.txt': 'x'.repeat(100_000) });
    const call = await ws.call(read, { file_path: `${ws.path}/big.txt` });
    expect(call.text).toBe(`1\t${'x'.repeat(100_000)}`);
  });

  it('shows a first page with a PARTIAL note when a whole-file read passes the token cap', async () => {
    // 2500 lines of 60 characters: 152 500 bytes, under 256KB but over 100 000 characters.
    ws.write({ 'wide.txt': `${'z'.repeat(60)}\n`.repeat(2500) });
    const call = await ws.call(read, { file_path: `${ws.path}/wide.txt` });
    expect(call.isError).toBe(false);
    const [note, ...lines] = call.text.split('\n');
    expect(note).toBe(
      `<system-reminder>[Truncated: PARTIAL view — showing lines 1-${lines.length} of 2500 total (38125 tokens, cap 25000). Read the rest with offset=${lines.length + 1} and a limit.]</system-reminder>`,
    );
    expect(lines.length).toBe(1639);
    expect(lines[0]).toBe(`1\t${'z'.repeat(60)}`);
  });

  it('refuses a ranged read over the token cap instead of cutting it', async () => {
    ws.write({ 'line.txt': 'w'.repeat(150_000) });
    const call = await ws.call(read, { file_path: `${ws.path}/line.txt`, offset: 1, limit: 1 });
    expect(call.isError).toBe(true);
    expect(call.text).toMatch(
      /^<tool_use_error>File content \(37500 tokens\) exceeds maximum allowed tokens \(25000\)\./,
    );
  });

  it('returns an image as an image block', async () => {
    ws.write({ 'dot.png': PNG });
    const call = await ws.call(read, { file_path: `${ws.path}/dot.png` });
    expect(call.result.content).toEqual([
      { type: 'image', mediaType: 'image/png', data: PNG.toString('base64') },
    ]);
  });

  it('refuses binary files and PDFs with advice', async () => {
    ws.write({ 'blob.bin': Buffer.from([0, 1, 2, 3]), 'doc.pdf': '%PDF-1.4' });
    const binary = await ws.call(read, { file_path: `${ws.path}/blob.bin` });
    expect(binary.text).toMatch(/^<tool_use_error>This tool cannot read binary files/);
    const pdf = await ws.call(read, { file_path: `${ws.path}/doc.pdf`, pages: '1-2' });
    expect(pdf).toMatchObject({ isError: true });
    expect(pdf.text).toMatch(/^<tool_use_error>Reading PDF files is not supported here/);
  });

  it('accepts numbers sent as strings, as Claude Code coerces them', async () => {
    ws.write({ 'n.txt': 'one\ntwo\n' });
    expect((await ws.call(read, { file_path: `${ws.path}/n.txt`, offset: '2' })).text).toBe('2\ttwo');
  });
});
