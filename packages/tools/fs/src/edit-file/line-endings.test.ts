import { describe, expect, it } from 'vitest';
import { detectLineEnding, lfView, toLf, withLineEnding } from './line-endings.js';

describe('line endings', () => {
  it('detects the ending of the first line break', () => {
    expect(detectLineEnding('a\r\nb\nc')).toBe('\r\n');
    expect(detectLineEnding('a\nb\r\nc')).toBe('\n');
    expect(detectLineEnding('no breaks')).toBe('\n');
  });

  it('converts between LF and CRLF', () => {
    expect(toLf('a\r\nb\r\n')).toBe('a\nb\n');
    expect(withLineEnding('a\nb\n', '\r\n')).toBe('a\r\nb\r\n');
  });

  it('maps LF-view positions back to CRLF source positions', () => {
    const view = lfView('ab\r\ncd\r\n');
    expect(view.text).toBe('ab\ncd\n');
    expect(view.toSourceStart(3)).toBe(4);
    expect(view.toSourceEnd(2)).toBe(2);
    expect(view.toSourceEnd(3)).toBe(4);
    expect(view.toSourceEnd(6)).toBe(8);
  });
});
