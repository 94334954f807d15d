import { describe, expect, test } from 'vitest';
import { folderForDirectory, sessionsDirFor, userConfigDir } from './paths.js';

describe('paths', () => {
  test('XDG folders when set to absolute paths, else the defaults under HOME', () => {
    expect(userConfigDir({ HOME: '/home/me', XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/weft');
    expect(userConfigDir({ HOME: '/home/me', XDG_CONFIG_HOME: 'relative' })).toBe('/home/me/.config/weft');
    expect(sessionsDirFor('/work/app', { HOME: '/home/me' })).toMatch(
      /^\/home\/me\/\.local\/share\/weft\/sessions\/work-app-[0-9a-f]{8}$/,
    );
  });

  test('one folder per directory: readable, and distinct even when the readable parts agree', () => {
    expect(folderForDirectory('/a/b-c')).not.toBe(folderForDirectory('/a-b/c'));
    expect(folderForDirectory('/a/b-c').startsWith('a-b-c-')).toBe(true);
    expect(folderForDirectory('/')).toMatch(/^root-[0-9a-f]{8}$/);
  });
});
