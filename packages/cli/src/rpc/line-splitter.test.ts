import { describe, expect, test } from 'vitest';
import { LineSplitter } from './line-splitter.js';

describe('LineSplitter', () => {
  test('splits on \\n only, across chunks, dropping a \\r before it', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('{"a":1}\r\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n')).toEqual(['{"b":2}']);
    expect(splitter.push('{"c":"x\u2028y"}\n')).toEqual(['{"c":"x\u2028y"}']);
    expect(splitter.push('tail')).toEqual([]);
    expect(splitter.end()).toEqual(['tail']);
  });

  test('a multi-byte character split between chunks comes out whole', () => {
    const bytes = new TextEncoder().encode('é\n');
    const splitter = new LineSplitter();
    expect(splitter.push(bytes.subarray(0, 1))).toEqual([]);
    expect(splitter.push(bytes.subarray(1))).toEqual(['é']);
  });
});
