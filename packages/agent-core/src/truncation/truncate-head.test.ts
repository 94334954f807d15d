import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from './limits.js';
import { truncateHead } from './truncate-head.js';

const numberedLines = (count: number, width = 0) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`.padEnd(width, 'x')).join('\n');

describe('truncateHead (seed 004 §J.8.1)', () => {
  it('J.8 1.1 returns small content untouched with truncated = false', () => {
    const text = numberedLines(10);
    expect(truncateHead(text)).toEqual({
      content: text,
      truncated: false,
      truncatedBy: null,
      totalLines: 10,
      totalBytes: text.length,
      outputLines: 10,
      outputBytes: text.length,
      lastLinePartial: false,
      firstLineExceedsLimit: false,
      maxLines: DEFAULT_MAX_LINES,
      maxBytes: DEFAULT_MAX_BYTES,
    });
  });

  it('J.8 1.2 keeps the first 2000 of 2500 lines and reports truncatedBy = lines', () => {
    const result = truncateHead(numberedLines(2500), { maxLines: 2000 });
    expect(result.truncated).toBe(true);
    expect(result.truncatedBy).toBe('lines');
    expect(result.content).toBe(numberedLines(2000));
    expect(result).toMatchObject({ totalLines: 2500, outputLines: 2000 });
  });

  it('J.8 1.3 stops at the byte limit on a line boundary and reports truncatedBy = bytes', () => {
    const text = numberedLines(100, 1023); // 100 lines of 1 KB with their newlines
    const result = truncateHead(text, { maxBytes: 50_000 });
    expect(result.truncatedBy).toBe('bytes');
    expect(result.outputLines).toBe(48); // 48 × 1024 − 1 = 49 151 ≤ 50 000 < 49 × 1024 − 1
    expect(result.outputBytes).toBe(48 * 1024 - 1);
    expect(result.content).toBe(numberedLines(48, 1023));
  });

  it('J.8 1.4 returns empty content with firstLineExceedsLimit when the first line is over the byte limit', () => {
    const result = truncateHead(`${'a'.repeat(60 * 1024)}\nsecond line`);
    expect(result).toMatchObject({
      content: '',
      truncated: true,
      truncatedBy: 'bytes',
      firstLineExceedsLimit: true,
      outputLines: 0,
      outputBytes: 0,
      totalLines: 2,
    });
  });

  it('J.8 1.5 returns an empty string untouched', () => {
    expect(truncateHead('')).toMatchObject({ content: '', truncated: false, totalLines: 0, totalBytes: 0 });
  });

  it('does not count a final newline as a line of its own', () => {
    const text = `${numberedLines(2000)}\n`;
    expect(truncateHead(text)).toMatchObject({ content: text, truncated: false, totalLines: 2000 });
  });

  it('keeps everything when only the final newline goes over the byte limit', () => {
    const text = `${'a'.repeat(99)}\n`;
    expect(truncateHead(text, { maxBytes: 99 })).toMatchObject({ content: text, truncated: false });
  });

  it('counts multi-byte characters by their UTF-8 size', () => {
    const text = ['你好你好', '世界世界', 'abc'].join('\n'); // 12 + 1 + 12 + 1 + 3 bytes
    const result = truncateHead(text, { maxBytes: 25 });
    expect(result).toMatchObject({ content: '你好你好\n世界世界', outputBytes: 25, truncatedBy: 'bytes' });
  });

  it('accepts Infinity to turn the line limit off', () => {
    const result = truncateHead(numberedLines(5000), { maxLines: Number.POSITIVE_INFINITY, maxBytes: 1e9 });
    expect(result.truncated).toBe(false);
  });
});
