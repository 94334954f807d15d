import { randomBytes } from 'node:crypto';
import { constants, type FileHandle, link, open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The file operations the JSONL store's guarantees rest on. A line counts once its '\n' is in the
 * file: a write cut short leaves a last line without one, which readers ignore and the next
 * append cuts off.
 */

const NEWLINE = 0x0a;

/**
 * Creates `path` holding `content`, all or nothing: the content goes to a temporary file in the
 * same folder (flushed when `fsync`), which is then hard-linked to `path`. Linking fails when
 * `path` exists, so an existing file is never replaced. Resolves false in that case.
 */
export async function createFileAtomically(path: string, content: string, fsync: boolean): Promise<boolean> {
  // Not ending in .jsonl, so a temporary file left by a crash is never listed as a session.
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx');
  try {
    await writeAll(handle, Buffer.from(content, 'utf8'));
    if (fsync) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  // The new name must survive a crash too: flush the folder that holds it.
  if (fsync) await syncDirectory(dirname(path));
  return true;
}

export interface AppendOptions {
  fsync: boolean;
  /** Check the file's end first and cut a torn last line off (once per file and process is enough). */
  repairTail: boolean;
}

/**
 * Appends `line` (which ends with '\n') to an existing file and, with `fsync`, waits until it is
 * on disk (fdatasync: the data and the size, not the timestamps). The file is opened without
 * O_CREAT, so a missing file rejects with ENOENT rather than starting a file without a header.
 * Resolves the number of bytes a repair cut off (0 when the file ended cleanly).
 */
export async function appendLine(path: string, line: string, options: AppendOptions): Promise<number> {
  const handle = await open(path, constants.O_RDWR | constants.O_APPEND);
  try {
    const cut = options.repairTail ? await cutTornTail(handle) : 0;
    await writeAll(handle, Buffer.from(line, 'utf8'));
    if (options.fsync) await handle.datasync();
    return cut;
  } finally {
    await handle.close();
  }
}

/**
 * Truncates the file after its last '\n'. Bytes after it are the start of a line whose writer
 * stopped mid-write; that entry was never acknowledged, so dropping it loses nothing, and keeping
 * it would put a broken line in the middle of the file once more lines follow.
 */
async function cutTornTail(handle: FileHandle): Promise<number> {
  const { size } = await handle.stat();
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const { bytesRead } = await handle.read(chunk, 0, end - start, start);
    const at = chunk.subarray(0, bytesRead).lastIndexOf(NEWLINE);
    if (at !== -1) {
      const keep = start + at + 1;
      if (keep < size) await handle.truncate(keep);
      return size - keep;
    }
    end = start;
  }
  // No complete line at all: not even a header. Leave it for load to report.
  return 0;
}

/** Writes the whole buffer: a write may take fewer bytes than offered. */
async function writeAll(handle: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
    offset += bytesWritten;
  }
}

async function syncDirectory(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms cannot open or flush a folder (Windows); the file itself is flushed.
  }
}
