import { describe, expect, it } from 'vitest';
import { buildGrepArgs } from './grep-args.js';

const VCS = [
  '--glob',
  '!.git',
  '--glob',
  '!.svn',
  '--glob',
  '!.hg',
  '--glob',
  '!.bzr',
  '--glob',
  '!.jj',
  '--glob',
  '!.sl',
];

describe('buildGrepArgs', () => {
  it('searches hidden files, honours ignore files outside git too, and skips VCS folders by default', () => {
    expect(buildGrepArgs({ pattern: 'foo' }, '/w')).toEqual([
      '--json',
      '--line-number',
      '--no-config',
      '--color=never',
      '--hidden',
      '--no-require-git',
      '--case-sensitive',
      ...VCS,
      '--regexp',
      'foo',
      '--',
      '/w',
    ]);
  });

  it('passes a pattern that starts with "-" as a pattern, never as a flag', () => {
    const args = buildGrepArgs({ pattern: '--files' }, '/w');
    expect(args.slice(-4)).toEqual(['--regexp', '--files', '--', '/w']);
  });

  it("maps the options to ripgrep flags, putting the glob filter's arguments before the VCS exclusions so those win", () => {
    const args = buildGrepArgs(
      {
        pattern: 'x',
        caseInsensitive: true,
        literal: true,
        beforeContext: 2,
        afterContext: 3,
        includeHidden: false,
        respectIgnoreFiles: false,
        followSymlinks: true,
        order: 'modified',
      },
      '/w/src',
      ['--type-add', 'weftglob:*.ts', '--type', 'weftglob'],
    );
    expect(args).toEqual([
      '--json',
      '--line-number',
      '--no-config',
      '--color=never',
      '--no-ignore',
      '--follow',
      '--ignore-case',
      '--fixed-strings',
      '--before-context',
      '2',
      '--after-context',
      '3',
      '--type-add',
      'weftglob:*.ts',
      '--type',
      'weftglob',
      ...VCS,
      '--sortr',
      'modified',
      '--regexp',
      'x',
      '--',
      '/w/src',
    ]);
  });

  it('uses NUL-separated path lists for files_with_matches and count, always naming the file', () => {
    expect(buildGrepArgs({ pattern: 'x', mode: 'files_with_matches' }, '/w').slice(0, 2)).toEqual([
      '--files-with-matches',
      '--null',
    ]);
    expect(buildGrepArgs({ pattern: 'x', mode: 'count', afterContext: 2 }, '/w/a.ts')).toEqual([
      '--count',
      '--with-filename',
      '--null',
      '--no-config',
      '--color=never',
      '--hidden',
      '--no-require-git',
      '--case-sensitive',
      ...VCS,
      '--regexp',
      'x',
      '--',
      '/w/a.ts',
    ]);
  });
});
