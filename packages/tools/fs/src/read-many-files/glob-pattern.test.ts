import { describe, expect, it } from 'vitest';
import { globDepth, globToRegExp, splitGlobBase } from './glob-pattern.js';

const matches = (pattern: string, path: string) => globToRegExp(pattern).test(path);

describe('glob patterns', () => {
  it('keeps * and ? inside one path segment', () => {
    expect(matches('*.ts', 'index.ts')).toBe(true);
    expect(matches('*.ts', 'src/index.ts')).toBe(false);
    expect(matches('a?.md', 'ab.md')).toBe(true);
    expect(matches('a?.md', 'a/.md')).toBe(false);
  });

  it('lets ** span any number of folders, none included', () => {
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/x/y/a.ts')).toBe(true);
    expect(matches('**/node_modules/**', 'node_modules/p/i.js')).toBe(true);
    expect(matches('**/node_modules/**', 'a/node_modules/p/i.js')).toBe(true);
    expect(matches('**/node_modules/**', 'a/node_modulesx/i.js')).toBe(false);
  });

  it('supports classes and alternatives, ignores case and matches dotfiles', () => {
    expect(matches('*.{ts,md}', 'README.MD')).toBe(true);
    expect(matches('file[0-9].txt', 'file7.txt')).toBe(true);
    expect(matches('file[!0-9].txt', 'file7.txt')).toBe(false);
    expect(matches('*', '.env')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
  });

  it('splits the literal folder a pattern starts from', () => {
    expect(splitGlobBase('src/lib/**/*.ts')).toEqual({ base: 'src/lib', rest: '**/*.ts' });
    expect(splitGlobBase('*.ts')).toEqual({ base: '.', rest: '*.ts' });
    expect(globDepth('**/*.ts')).toBe(Number.POSITIVE_INFINITY);
    expect(globDepth('*/x/*.ts')).toBe(3);
  });
});
