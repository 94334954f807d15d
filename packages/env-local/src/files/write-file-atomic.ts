import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EnvironmentError } from '@weft/agent-core';
import { toEnvironmentError } from '../errors/fs-error.js';

/**
 * Replaces `target` with `data` so that a reader sees the old content or the new, never a mix,
 * even if this process dies mid-write: the bytes go to a temp file in the same folder, are
 * flushed to disk, and the temp file is renamed over the target. The replaced file's mode (and,
 * where permitted, owner) is kept. Missing parent folders are created.
 *
 * `target` must already be the real location (symlinks resolved); `displayPath` is what error
 * messages name.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  displayPath = target,
): Promise<void> {
  const folder = dirname(target);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw mkdirError(error, folder, displayPath);
  }
  const existing = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw toEnvironmentError(error, displayPath, 'write');
  });
  if (existing?.isDirectory()) {
    throw new EnvironmentError('IS_DIRECTORY', `Path is a directory, not a file: ${displayPath}`, {
      path: displayPath,
    });
  }
  const temp = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.weft-tmp`);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(temp, 'wx', 0o600);
    await handle.writeFile(data);
    // A new file gets the mode a plain create would give it; a replaced file keeps its own.
    await handle.chmod(existing ? existing.mode & 0o7777 : 0o666 & ~currentUmask());
    if (existing) await keepOwner(handle, existing.uid, existing.gid);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw toEnvironmentError(error, displayPath, 'write');
  }
}

async function keepOwner(handle: Awaited<ReturnType<typeof open>>, uid: number, gid: number): Promise<void> {
  if (process.getuid?.() === uid && process.getgid?.() === gid) return;
  // Only root (or a member of the group) may do this; a failure leaves the writer as owner.
  await handle.chown(uid, gid).catch(() => undefined);
}

let cachedUmask: number | undefined;
function currentUmask(): number {
  if (cachedUmask === undefined) {
    // process.umask() with no argument is deprecated; reading it by setting and restoring is the
    // documented way, done once.
    const previous = process.umask(0o022);
    process.umask(previous);
    cachedUmask = previous;
  }
  return cachedUmask;
}

function mkdirError(error: unknown, folder: string, displayPath: string): EnvironmentError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    return new EnvironmentError(
      'NOT_DIRECTORY',
      `Cannot create ${displayPath}: a parent path of ${folder} is a file, not a directory`,
      { path: displayPath, cause: error },
    );
  }
  return toEnvironmentError(error, displayPath, 'mkdir');
}
