import { open } from 'node:fs/promises';
import { type ByteRange, EnvironmentError } from '@weft/agent-core';
import { toEnvironmentError } from '../errors/fs-error.js';

const CHUNK = 64 * 1024;

/**
 * Reads `[start, end)` of a file without loading the rest. The range is clamped to the file's
 * size at the time of the read; a start at or past the end gives no bytes.
 */
export async function readFileBytes(path: string, range: ByteRange = {}): Promise<Uint8Array> {
  const start = range.start ?? 0;
  checkOffset(start, 'start', path);
  if (range.end !== undefined) checkOffset(range.end, 'end', path);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    const info = await handle.stat();
    if (info.isDirectory())
      throw new EnvironmentError('IS_DIRECTORY', `Path is a directory, not a file: ${path}`, { path });
    // Pipes and /proc files report size 0; read those until EOF.
    if (!info.isFile() || (info.size === 0 && range.end === undefined)) {
      return await readUntilEnd(handle, start, range.end);
    }
    const end = Math.min(range.end ?? info.size, info.size);
    if (end <= start) return new Uint8Array(0);
    const buffer = Buffer.allocUnsafe(end - start);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, start + filled);
      if (bytesRead === 0) break; // the file shrank while we read it
      filled += bytesRead;
    }
    return filled === buffer.length ? buffer : buffer.subarray(0, filled);
  } catch (error) {
    throw toEnvironmentError(error, path, 'read');
  } finally {
    await handle?.close();
  }
}

async function readUntilEnd(
  handle: Awaited<ReturnType<typeof open>>,
  start: number,
  end: number | undefined,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let position = start;
  while (end === undefined || position < end) {
    const length = end === undefined ? CHUNK : Math.min(CHUNK, end - position);
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks);
}

function checkOffset(value: number, name: string, path: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new EnvironmentError(
      'IO_ERROR',
      `Invalid byte range for ${path}: ${name} must be a non-negative integer, got ${value}`,
      { path },
    );
  }
}
