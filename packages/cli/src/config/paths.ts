import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** XDG base folders: the variable when it holds an absolute path (the spec says to ignore others), else the default. */
function xdgDir(env: Env, variable: string, fallback: string[]): string {
  const value = env[variable];
  if (value && isAbsolute(value)) return value;
  return join(env.HOME || homedir(), ...fallback);
}

/** `$XDG_CONFIG_HOME/weft`, default `~/.config/weft`: where the user-level settings.json lives. */
export function userConfigDir(env: Env): string {
  return join(xdgDir(env, 'XDG_CONFIG_HOME', ['.config']), 'weft');
}

/** `$XDG_DATA_HOME/weft/sessions`, default `~/.local/share/weft/sessions`: one folder per working directory below it. */
export function sessionsRoot(env: Env): string {
  return join(xdgDir(env, 'XDG_DATA_HOME', ['.local', 'share']), 'weft', 'sessions');
}

/**
 * The folder name for a working directory's sessions: the path made file-name safe (readable in a
 * listing) and a hash of the exact path (so `/a/b-c` and `/a-b/c` do not share a folder).
 */
export function folderForDirectory(directory: string): string {
  const readable = directory
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-80);
  const hash = createHash('sha256').update(directory).digest('hex').slice(0, 8);
  return `${readable || 'root'}-${hash}`;
}

/** Where the sessions of `workingDirectory` are stored. */
export function sessionsDirFor(workingDirectory: string, env: Env): string {
  return join(sessionsRoot(env), folderForDirectory(workingDirectory));
}
