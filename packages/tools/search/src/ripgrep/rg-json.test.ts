import { describe, expect, it } from 'vitest';
import { parseRgJsonLine } from './rg-json.js';

describe('parseRgJsonLine', () => {
  it('reads a match event as a line record without its line ending', () => {
    const line =
      '{"type":"match","data":{"path":{"text":"/w/a.ts"},"lines":{"text":"hello world\\r\\n"},"line_number":3,"absolute_offset":0,"submatches":[]}}';
    expect(parseRgJsonLine(line)).toEqual([
      { kind: 'line', path: '/w/a.ts', isMatch: true, lineNumber: 3, text: 'hello world' },
    ]);
  });

  it('reads a context event as a line record that is not a match', () => {
    const line =
      '{"type":"context","data":{"path":{"text":"a.ts"},"lines":{"text":"before\\n"},"line_number":2,"submatches":[]}}';
    expect(parseRgJsonLine(line)).toEqual([
      { kind: 'line', path: 'a.ts', isMatch: false, lineNumber: 2, text: 'before' },
    ]);
  });

  it('splits a multi-line match into one record per line with consecutive numbers', () => {
    const line =
      '{"type":"match","data":{"path":{"text":"a.ts"},"lines":{"text":"one\\ntwo\\n"},"line_number":7,"submatches":[]}}';
    expect(parseRgJsonLine(line).map((r) => (r.kind === 'line' ? [r.lineNumber, r.text] : r))).toEqual([
      [7, 'one'],
      [8, 'two'],
    ]);
  });

  it('decodes paths and lines that ripgrep sends as base64 bytes because they are not UTF-8', () => {
    const path = Buffer.from([0x2f, 0x77, 0x2f, 0xff, 0x2e, 0x74, 0x78, 0x74]).toString('base64');
    const text = Buffer.from('caf\xe9\n', 'latin1').toString('base64');
    const line = `{"type":"match","data":{"path":{"bytes":"${path}"},"lines":{"bytes":"${text}"},"line_number":1,"submatches":[]}}`;
    expect(parseRgJsonLine(line)).toEqual([
      { kind: 'line', path: '/w/\ufffd.txt', isMatch: true, lineNumber: 1, text: 'caf\ufffd' },
    ]);
  });

  it('marks a file whose end event carries a binary offset as binary', () => {
    const binary = '{"type":"end","data":{"path":{"text":"img.png"},"binary_offset":12,"stats":{}}}';
    const text = '{"type":"end","data":{"path":{"text":"a.ts"},"binary_offset":null,"stats":{}}}';
    expect(parseRgJsonLine(binary)).toEqual([{ kind: 'end', path: 'img.png', binary: true }]);
    expect(parseRgJsonLine(text)).toEqual([{ kind: 'end', path: 'a.ts', binary: false }]);
  });

  it('ignores empty lines, lines that are not JSON and unknown event types', () => {
    expect(parseRgJsonLine('')).toEqual([]);
    expect(parseRgJsonLine('rg: warning')).toEqual([]);
    expect(parseRgJsonLine('{"type":"future","data":{}}')).toEqual([]);
  });
});
