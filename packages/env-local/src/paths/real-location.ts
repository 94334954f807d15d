import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const MAX_LINKS = 40;

/**
 * Where a write to `path` really lands: every symlink among its parents resolved, and the final
 * component too when `followFinal` (a write replaces the link's target, a delete removes the link
 * itself). Works for paths that do not exist yet, including symlinks to missing targets.
 */
export function realLocation(path: string, followFinal: boolean): string {
  return resolveReal(resolve(path), followFinal, 0);
}

function resolveReal(path: string, followFinal: boolean, hops: number): string {
  if (hops > MAX_LINKS) throw Object.assign(new Error(`Too many symbolic links: ${path}`), { code: 'ELOOP' });
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = realDirectory(parent, hops);
  const candidate = join(realParent, basename(path));
  if (!followFinal) return candidate;
  let stats: ReturnType<typeof lstatSync> | undefined;
  try {
    stats = lstatSync(candidate);
  } catch {
    return candidate;
  }
  if (!stats.isSymbolicLink()) return candidate;
  return resolveReal(resolve(realParent, readlinkSync(candidate)), true, hops + 1);
}

function realDirectory(path: string, hops: number): string {
  try {
    return realpathSync.native(path);
  } catch {
    // Missing (or a broken link): resolve what exists, keep the rest as written.
    return resolveReal(path, true, hops + 1);
  }
}
