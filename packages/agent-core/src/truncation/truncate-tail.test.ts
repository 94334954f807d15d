import { describe, expect, it } from 'vitest';
import { truncateTail } from './truncate-tail.js';
import { utf8ByteLength } from './utf8.js';

const numberedLines = (count: number, width = 0) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`.padEnd(width, 'x'));

describe('truncateTail (seed 004 §J.8.2)', () => {
  it('J.8 2.1 returns small content untouched with truncated = false', () => {
    const text = numberedLines(10).join('\n');
    expect(truncateTail(text)).toMatchObject({
      content: text,
      truncated: false,
      truncatedBy: null,
      totalLines: 10,
    });
  });

  it('J.8 2.2 keeps the last 2000 of 3000 lines', () => {
    const lines = numberedLines(3000);
    const result = truncateTail(lines.join('\n'), { maxLines: 2000 });
    expect(result).toMatchObject({
      truncated: true,
      truncatedBy: 'lines',
      totalLines: 3000,
      outputLines: 2000,
    });
    expect(result.content).toBe(lines.slice(1000).join('\n'));
  });

  it('J.8 2.3 keeps at most 50 000 bytes from the end, on a line boundary', () => {
    const lines = numberedLines(100, 1023);
    const result = truncateTail(lines.join('\n'), { maxBytes: 50_000 });
    expect(result).toMatchObject({ truncatedBy: 'bytes', outputLines: 48, outputBytes: 48 * 1024 - 1 });
    expect(result.content).toBe(lines.slice(52).join('\n'));
  });

  it('J.8 2.4 cuts an over-long Chinese last line on a UTF-8 character boundary and sets lastLinePartial', () => {
    const last = '中文字符'.repeat(6000); // 72 000 bytes
    const result = truncateTail(`first\n${last}`);
    expect(result.lastLinePartial).toBe(true);
    expect(result.truncatedBy).toBe('bytes');
    expect(result.outputLines).toBe(1);
    expect(result.outputBytes).toBeLessThanOrEqual(50 * 1024);
    expect(result.outputBytes).toBeGreaterThan(50 * 1024 - 3);
    expect(last.endsWith(result.content)).toBe(true);
    // No replacement characters: the kept bytes decode back to the same text.
    const bytes = Buffer.from(result.content, 'utf8');
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(result.content);
  });

  it('J.8 2.5 does not truncate content of exactly 2000 lines and exactly 50 000 bytes', () => {
    const lines = numberedLines(2000, 24); // 2000 × 24 + 1999 newlines = 49 999 bytes
    const text = `${lines.join('\n')}x`;
    expect(utf8ByteLength(text)).toBe(50_000);
    const result = truncateTail(text, { maxLines: 2000, maxBytes: 50_000 });
    expect(result).toMatchObject({ truncated: false, content: text, outputLines: 2000 });
    expect(truncateTail(`${text}y`, { maxLines: 2000, maxBytes: 50_000 }).truncated).toBe(true);
  });

  it('keeps the final newline as part of the kept suffix', () => {
    const text = `${numberedLines(5).join('\n')}\n`;
    const result = truncateTail(text, { maxLines: 2 });
    expect(result).toMatchObject({ content: 'line 4\nline 5\n', totalLines: 5, outputLines: 2 });
  });

  it('keeps empty lines as lines', () => {
    expect(truncateTail('a\n\nb', { maxLines: 2 }).content).toBe('\nb');
    expect(truncateTail('\n\n\n', { maxLines: 1 })).toMatchObject({ content: '\n', totalLines: 3 });
  });

  it('never starts inside a surrogate pair', () => {
    const result = truncateTail('😀'.repeat(100), { maxBytes: 10 });
    expect(result.content).toBe('😀😀');
    expect(result.lastLinePartial).toBe(true);
  });
});
