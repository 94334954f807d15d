import { describe, expect, it } from 'vitest';
import { buildPathFilter, pathBelow } from './path-filter.js';

describe('buildPathFilter', () => {
  it('passes everything when there are no globs', () => {
    const filter = buildPathFilter([]);
    expect(filter.rgArgs).toEqual([]);
    expect(filter.accepts('any/file.txt')).toBe(true);
  });

  it('hands file-name parts to ripgrep as a file type and matches whole paths itself', () => {
    const filter = buildPathFilter(['src/**/*.ts', '*.md']);
    expect(filter.rgArgs).toEqual([
      '--type-add',
      'weftglob:*.ts',
      '--type-add',
      'weftglob:*.md',
      '--type',
      'weftglob',
    ]);
    expect(filter.accepts('src/a/b.ts')).toBe(true);
    expect(filter.accepts('lib/b.ts')).toBe(false);
    expect(filter.accepts('docs/readme.md')).toBe(true);
  });

  it('skips the ripgrep prefilter when any glob lacks a file-name part', () => {
    expect(buildPathFilter(['*.ts', 'src/**']).rgArgs).toEqual([]);
  });

  it("passes '!' exclusions to ripgrep, which only ever removes files with them", () => {
    const filter = buildPathFilter(['!*.min.js']);
    expect(filter.rgArgs).toEqual(['--glob', '!*.min.js']);
    expect(filter.accepts('a.min.js')).toBe(true);
  });
});

describe('pathBelow', () => {
  it('gives the path below the root, or the file name for the root itself', () => {
    expect(pathBelow('/w/src/a.ts', '/w')).toBe('src/a.ts');
    expect(pathBelow('/w/src/a.ts', '/')).toBe('w/src/a.ts');
    expect(pathBelow('/w/a.ts', '/w/a.ts')).toBe('a.ts');
  });
});
