import { describe, expect, it } from 'vitest';
import {
  alignUtf8End,
  alignUtf8Start,
  formatSize,
  sliceUtf8Head,
  sliceUtf8Tail,
  utf8ByteLength,
} from './utf8.js';

describe('UTF-8 helpers', () => {
  it('measures text in UTF-8 bytes', () => {
    expect(utf8ByteLength('aé中😀')).toBe(1 + 2 + 3 + 4);
  });

  it('sliceUtf8Head keeps whole characters within the byte budget', () => {
    expect(sliceUtf8Head('aé中😀', 6)).toBe('aé中');
    expect(sliceUtf8Head('aé中😀', 9)).toBe('aé中');
    expect(sliceUtf8Head('aé中😀', 10)).toBe('aé中😀');
    expect(sliceUtf8Head('中', 2)).toBe('');
    expect(sliceUtf8Head('abc', 0)).toBe('');
  });

  it('sliceUtf8Tail moves forward to the next character start rather than split one', () => {
    expect(sliceUtf8Tail('aé中😀', 4)).toBe('😀');
    expect(sliceUtf8Tail('aé中😀', 6)).toBe('😀');
    expect(sliceUtf8Tail('aé中😀', 7)).toBe('中😀');
    expect(sliceUtf8Tail('aé中😀', 100)).toBe('aé中😀');
  });

  it('aligns byte offsets to character boundaries', () => {
    const bytes = new TextEncoder().encode('a中b'); // 61 e4 b8 ad 62
    expect(alignUtf8Start(bytes, 2)).toBe(4);
    expect(alignUtf8Start(bytes, 1)).toBe(1);
    expect(alignUtf8End(bytes, 3)).toBe(1);
    expect(alignUtf8End(bytes, 4)).toBe(4);
    expect(alignUtf8End(bytes, 5)).toBe(5);
  });

  it('formats sizes the way truncation notices show them', () => {
    expect(formatSize(512)).toBe('512B');
    expect(formatSize(50 * 1024)).toBe('50.0KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5MB');
  });
});
