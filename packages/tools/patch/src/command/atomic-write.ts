import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `path` with `content` so a reader sees the old or the new file, never a mix: the
 * content goes to a temporary file beside the target, which is then renamed over it. Keeps the
 * mode of a file it replaces, and writes through a symbolic link to its target (as a plain
 * write would) instead of replacing the link.
 *
 * Synchronous on purpose: the command does one thing at a time, and blocking calls skip the
 * thread-pool round trips that dominate when a patch touches a thousand files.
 */
export function writeFileAtomic(path: string, content: string): void {
  const target = resolveLink(path);
  const existing = statSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory()) {
    throw Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${target}'`), {
      code: 'EISDIR',
    });
  }
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    writeFileSync(temporary, content, { flag: 'wx' });
    if (existing !== undefined) chmodSync(temporary, existing.mode & 0o7777);
    renameSync(temporary, target);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // The temporary file was never created.
    }
    throw error;
  }
}

function resolveLink(path: string): string {
  const info = lstatSync(path, { throwIfNoEntry: false });
  if (!info?.isSymbolicLink()) return path;
  try {
    return realpathSync(path);
  } catch {
    // A dangling link: writing creates its target, as a plain write would.
    return path;
  }
}
