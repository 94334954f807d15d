import { describe, expect, it } from 'vitest';
import { splitGlobPattern } from './split-glob-pattern.js';

describe('splitGlobPattern', () => {
  it('leaves a pattern that starts with a glob character whole', () => {
    expect(splitGlobPattern('*.ts')).toEqual({ base: undefined, glob: '*.ts' });
    expect(splitGlobPattern('**/*.ex')).toEqual({ base: undefined, glob: '**/*.ex' });
    expect(splitGlobPattern('*/index.ts')).toEqual({ base: undefined, glob: '*/index.ts' });
  });

  it('moves leading literal folders into the base', () => {
    expect(splitGlobPattern('src/components/**/*.tsx')).toEqual({ base: 'src/components', glob: '**/*.tsx' });
  });

  it('anchors what is left when the pattern had a folder, so "src/*.ts" does not match src/a/b.ts', () => {
    expect(splitGlobPattern('src/*.ts')).toEqual({ base: 'src', glob: '/*.ts' });
    expect(splitGlobPattern('src/index.ts')).toEqual({ base: 'src', glob: '/index.ts' });
  });

  it('keeps the last segment in the glob even when it has no glob characters', () => {
    expect(splitGlobPattern('README.md')).toEqual({ base: undefined, glob: 'README.md' });
  });

  it('splits absolute, home and parent-relative patterns', () => {
    expect(splitGlobPattern('/abs/dir/**/*.ts')).toEqual({ base: '/abs/dir', glob: '**/*.ts' });
    expect(splitGlobPattern('/*.txt')).toEqual({ base: '/', glob: '/*.txt' });
    expect(splitGlobPattern('~/notes/*.md')).toEqual({ base: '~/notes', glob: '/*.md' });
    expect(splitGlobPattern('../lib/**')).toEqual({ base: '../lib', glob: '**' });
  });

  it('drops a leading "./" and reads a trailing "/" as everything below', () => {
    expect(splitGlobPattern('./src/*.ts')).toEqual({ base: 'src', glob: '/*.ts' });
    expect(splitGlobPattern('src/')).toEqual({ base: 'src', glob: '**' });
  });

  it("escapes a leading '!' so the pattern is not read as an exclusion", () => {
    expect(splitGlobPattern('!important.txt')).toEqual({ base: undefined, glob: '\\!important.txt' });
  });
});
