import { execFileSync } from 'node:child_process';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { defaultRgPath } from '../ripgrep/default-rg-path.js';
import { writeTree } from '../testing/tool-harness.js';
import { compileGlob, GlobSyntaxError } from './compile-glob.js';

const matches = (glob: string, path: string, caseInsensitive = false) =>
  compileGlob(glob, { caseInsensitive }).test(path);

describe('compileGlob', () => {
  it('matches a glob without "/" against the file name at any depth', () => {
    expect(matches('*.ts', 'a.ts')).toBe(true);
    expect(matches('*.ts', 'src/deep/a.ts')).toBe(true);
    expect(matches('*.ts', 'src/a.tsx')).toBe(false);
  });

  it('matches a glob with "/" against the whole path from the searched folder', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matches('src/*.ts', 'lib/src/a.ts')).toBe(false);
    expect(matches('/a.ts', 'a.ts')).toBe(true);
    expect(matches('/a.ts', 'sub/a.ts')).toBe(false);
  });

  it('lets "**" span any number of folders only as a whole segment', () => {
    expect(matches('**/*.ex', 'a.ex')).toBe(true);
    expect(matches('**/*.ex', 'x/y/z/a.ex')).toBe(true);
    expect(matches('src/**', 'src/a/b.ts')).toBe(true);
    expect(matches('src/**', 'srcs/a.ts')).toBe(false);
    expect(matches('a/**/b.ts', 'a/b.ts')).toBe(true);
    expect(matches('a/**/b.ts', 'a/x/y/b.ts')).toBe(true);
    expect(matches('a**.ts', 'abc.ts')).toBe(true);
    expect(matches('a**.ts', 'a/b.ts')).toBe(false);
    expect(matches('**', 'any/thing')).toBe(true);
  });

  it('supports ?, character classes, negated classes, alternation and escapes', () => {
    expect(matches('?.ts', 'a.ts')).toBe(true);
    expect(matches('?.ts', 'ab.ts')).toBe(false);
    expect(matches('[ab].ts', 'b.ts')).toBe(true);
    expect(matches('[a-c].ts', 'd.ts')).toBe(false);
    expect(matches('[!a].ts', 'a.ts')).toBe(false);
    expect(matches('[!a].ts', 'b.ts')).toBe(true);
    expect(matches('*.{js,jsx}', 'x/a.jsx')).toBe(true);
    expect(matches('{src,lib}/*.ts', 'lib/a.ts')).toBe(true);
    expect(matches('{a,{b,c}}.txt', 'c.txt')).toBe(true);
    expect(matches('\\*.txt', '*.txt')).toBe(true);
    expect(matches('\\*.txt', 'a.txt')).toBe(false);
    expect(matches('a+b(1).txt', 'a+b(1).txt')).toBe(true);
  });

  it('reads a trailing "/" as everything below that folder', () => {
    expect(matches('build/', 'build/out/a.js')).toBe(true);
    expect(matches('build/', 'src/build.js')).toBe(false);
  });

  it('ignores case only when asked', () => {
    expect(matches('*.TS', 'a.ts')).toBe(false);
    expect(matches('*.TS', 'a.ts', true)).toBe(true);
  });

  it("rejects globs ripgrep rejects, in ripgrep's words", () => {
    expect(() => compileGlob('*.{ts')).toThrow(
      new GlobSyntaxError('*.{ts', "unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)"),
    );
    expect(() => compileGlob('[]')).toThrow("error parsing glob '[]': unclosed character class; missing ']'");
    expect(() => compileGlob('a}')).toThrow("error parsing glob 'a}': unopened alternate group; missing '{'");
  });

  it('gives the file-name part that every match must have, when there is one', () => {
    expect(compileGlob('*.ts').fileNameGlob).toBe('*.ts');
    expect(compileGlob('src/**/*.test.ts').fileNameGlob).toBe('*.test.ts');
    expect(compileGlob('src/**').fileNameGlob).toBeUndefined();
    expect(compileGlob('{src,lib}/*.ts').fileNameGlob).toBeUndefined();
    expect(compileGlob('a:b.txt').fileNameGlob).toBeUndefined();
    expect(compileGlob('*.ts', { caseInsensitive: true }).fileNameGlob).toBeUndefined();
  });

  it('selects the same files as ripgrep --glob does on a real tree (no ignore files involved)', async () => {
    const rgPath = await defaultRgPath();
    using dir = createTempDir('weft-compile-glob-');
    const paths = [
      'a.ts',
      'b.tsx',
      'src/c.ts',
      'src/deep/d.ts',
      'src/deep/e.js',
      'lib/src/f.ts',
      'lib/g.jsx',
      '.hidden/h.ts',
      'x/y/z/i.ex',
      'build/out/j.js',
      'k1.txt',
      'k22.txt',
    ];
    writeTree(dir.path, Object.fromEntries(paths.map((path) => [path, ''])));
    const globs = [
      '*.ts',
      'src/*.ts',
      '**/*.ex',
      'src/**',
      '**/deep/*',
      '*.{js,jsx}',
      '{src,lib}/*.ts',
      'k?.txt',
      'k[0-9]*.txt',
      '[!a-b]*.ts',
      '/a.ts',
      'lib/**/*.ts',
      '*',
      '**',
    ];
    for (const glob of globs) {
      const rgSelection = execFileSync(rgPath, ['--files', '--no-ignore', '--hidden', '--glob', glob], {
        cwd: dir.path,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((line) => line !== '')
        .sort();
      const compiled = compileGlob(glob);
      expect(paths.filter((path) => compiled.test(path)).sort(), glob).toEqual(rgSelection);
    }
  });
});
