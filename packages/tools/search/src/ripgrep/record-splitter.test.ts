import { describe, expect, it } from 'vitest';
import { RecordSplitter } from './record-splitter.js';

describe('RecordSplitter', () => {
  it('returns each complete record and holds back a partial one until its end arrives', () => {
    const splitter = new RecordSplitter('\n');
    expect(splitter.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n')).toEqual(['{"b":2}']);
    expect(splitter.flush()).toEqual([]);
  });

  it('returns a final record without a separator on flush', () => {
    const splitter = new RecordSplitter('\0');
    expect(splitter.push('a.ts\0b.ts')).toEqual(['a.ts']);
    expect(splitter.flush()).toEqual(['b.ts']);
  });

  it('keeps empty records between adjacent separators', () => {
    expect(new RecordSplitter('\n').push('a\n\nb\n')).toEqual(['a', '', 'b']);
  });
});
