import { open } from 'node:fs/promises';
import { EnvironmentError } from '@weft/agent-core';
import { toEnvironmentError } from '../errors/fs-error.js';

const CHUNK = 64 * 1024;

/** Yields a file's bytes from `start` in 64 KiB chunks; memory stays at one chunk. */
export async function* readFileStream(
  path: string,
  options: { start?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Uint8Array> {
  const start = options.start ?? 0;
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new EnvironmentError('IO_ERROR', `Invalid start offset for ${path}: ${start}`, { path });
  }
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    if ((await handle.stat()).isDirectory()) {
      throw new EnvironmentError('IS_DIRECTORY', `Path is a directory, not a file: ${path}`, { path });
    }
    let position = start;
    for (;;) {
      if (options.signal?.aborted) {
        throw new EnvironmentError('ABORTED', `Reading ${path} was aborted`, { path });
      }
      // A fresh buffer each time: the consumer may keep the chunk we yield.
      const buffer = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } catch (error) {
    throw toEnvironmentError(error, path, 'read');
  } finally {
    await handle?.close();
  }
}
