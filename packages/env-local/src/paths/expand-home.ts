import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';

/** `~` and `~/x` become the home folder; `~user` is left alone (it is a legal file name). */
export function expandHome(path: string, home: string = homedir()): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return home + path.slice(1);
  return path;
}

/** `~` expanded, relative paths taken from `base`, `.` and `..` collapsed. */
export function resolveFrom(base: string, path: string, home?: string): string {
  const expanded = expandHome(path, home);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(base, expanded);
}
