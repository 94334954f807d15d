import { describe, expect, it } from 'vitest';
import { comparePaths } from './sort-entries.js';

describe('comparePaths', () => {
  it('sorts case-insensitively with each folder followed by its own entries', () => {
    const paths = ['src-old', 'Zeta', 'src/b.ts', 'src', 'apple', 'src/A.ts', '.git'];
    expect(paths.sort(comparePaths)).toEqual([
      '.git',
      'apple',
      'src',
      'src/A.ts',
      'src/b.ts',
      'src-old',
      'Zeta',
    ]);
  });

  it('orders names equal but for case by code point, for a stable result', () => {
    expect(['b', 'B'].sort(comparePaths)).toEqual(['B', 'b']);
  });
});
