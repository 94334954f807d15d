import { randomBytes } from 'node:crypto';
import { chmod, lstat, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `path` with `content` so a reader sees the old or the new file, never a mix: the
 * content goes to a temporary file beside the target, which is then renamed over it. Keeps the
 * mode of a file it replaces, and writes through a symbolic link to its target (as a plain
 * write would) instead of replacing the link.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const target = await resolveLink(path);
  const existing = await stat(target).catch(() => undefined);
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
    await writeFile(temporary, content, { flag: 'wx' });
    if (existing !== undefined) await chmod(temporary, existing.mode & 0o7777);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

async function resolveLink(path: string): Promise<string> {
  const info = await lstat(path).catch(() => undefined);
  if (!info?.isSymbolicLink()) return path;
  return realpath(path).catch(() => path);
}
