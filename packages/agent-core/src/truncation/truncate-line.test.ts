import { describe, expect, it } from 'vitest';
import { truncateLine } from './truncate-line.js';

describe('truncateLine (seed 004 §J.8.3)', () => {
  it('J.8 3.1 returns a 100-character line untouched', () => {
    const line = 'x'.repeat(100);
    expect(truncateLine(line, 500)).toEqual({ text: line, wasTruncated: false });
  });

  it('J.8 3.2 cuts an 800-character line to 500 characters plus "... [truncated]"', () => {
    const line = 'abcdefgh'.repeat(100);
    expect(truncateLine(line, 500)).toEqual({
      text: `${line.slice(0, 500)}... [truncated]`,
      wasTruncated: true,
    });
  });

  it('defaults to the grep line length of 500', () => {
    expect(truncateLine('y'.repeat(501)).text).toBe(`${'y'.repeat(500)}... [truncated]`);
    expect(truncateLine('y'.repeat(500)).wasTruncated).toBe(false);
  });

  it('counts a surrogate pair as one character and never splits it', () => {
    expect(truncateLine('😀'.repeat(500)).wasTruncated).toBe(false);
    expect(truncateLine('😀'.repeat(3), 2).text).toBe('😀😀... [truncated]');
  });
});
