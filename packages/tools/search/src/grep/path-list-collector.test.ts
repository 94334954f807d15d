import { describe, expect, it } from 'vitest';
import { PathListCollector } from './path-list-collector.js';

describe('PathListCollector', () => {
  it('lists paths in files_with_matches mode without counts', () => {
    const collector = new PathListCollector(10, false);
    expect(collector.accept('/w/a.ts')).toBe('continue');
    expect(collector.accept('/w/b.ts')).toBe('continue');
    expect(collector.collected()).toEqual([
      { rgPath: '/w/a.ts', count: null },
      { rgPath: '/w/b.ts', count: null },
    ]);
    expect(collector.limitReached).toBe(false);
  });

  it('reads "path NUL count" records in count mode, keeping a path that contains a colon intact', () => {
    const collector = new PathListCollector(10, true);
    collector.accept('/w/a:b.ts\x003');
    expect(collector.collected()).toEqual([{ rgPath: '/w/a:b.ts', count: 3 }]);
  });

  it('holds exactly the limit without calling it reached, and stops at the first file past it', () => {
    const collector = new PathListCollector(2, false);
    collector.accept('a');
    collector.accept('b');
    expect(collector.limitReached).toBe(false);
    expect(collector.accept('c')).toBe('stop');
    expect(collector.limitReached).toBe(true);
    expect(collector.collected().map((f) => f.rgPath)).toEqual(['a', 'b']);
  });

  it('ignores empty and malformed records', () => {
    const collector = new PathListCollector(5, true);
    collector.accept('');
    collector.accept('no-separator');
    collector.accept('/w/a\0x');
    expect(collector.collected()).toEqual([]);
  });
});
