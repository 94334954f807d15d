import type { Dirent } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type DirEntry, EnvironmentError } from '@weft/agent-core';
import { toEnvironmentError } from '../errors/fs-error.js';

/**
 * Lists `path` down to `depth` levels (1 = direct children). Symbolic links are listed as
 * 'symlink' and never descended into, so link cycles cannot loop. A subfolder that cannot be read
 * is listed but not descended into; only the top folder's errors are thrown.
 */
export async function listDirectory(
  path: string,
  options: { depth?: number; signal?: AbortSignal } = {},
): Promise<DirEntry[]> {
  const depth = Math.max(1, Math.floor(options.depth ?? 1));
  const top = await stat(path).catch((error: unknown) => {
    throw toEnvironmentError(error, path, 'list');
  });
  if (!top.isDirectory()) throw new EnvironmentError('NOT_DIRECTORY', `Not a directory: ${path}`, { path });

  const entries: DirEntry[] = [];
  let level: string[] = [''];
  for (let current = 1; current <= depth && level.length > 0; current++) {
    const next: string[] = [];
    for (const relative of level) {
      if (options.signal?.aborted) {
        throw new EnvironmentError('ABORTED', `Listing ${path} was aborted`, { path });
      }
      let children: Dirent[];
      try {
        children = await readdir(join(path, relative), { withFileTypes: true });
      } catch (error) {
        if (relative === '') throw toEnvironmentError(error, path, 'list');
        continue;
      }
      const described = await Promise.all(
        children.map((child) => describe(path, relative ? `${relative}/${child.name}` : child.name, child)),
      );
      for (const entry of described) {
        entries.push(entry);
        if (entry.type === 'directory') next.push(entry.name);
      }
    }
    level = next;
  }
  return entries;
}

async function describe(root: string, name: string, dirent: Dirent): Promise<DirEntry> {
  const type: DirEntry['type'] = dirent.isSymbolicLink()
    ? 'symlink'
    : dirent.isDirectory()
      ? 'directory'
      : dirent.isFile()
        ? 'file'
        : 'other';
  try {
    const info = await lstat(join(root, name));
    return type === 'file'
      ? { name, type, size: info.size, mtimeMs: info.mtimeMs }
      : { name, type, mtimeMs: info.mtimeMs };
  } catch {
    // Deleted between readdir and lstat: still report what readdir saw.
    return { name, type };
  }
}
