import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh folder under the OS temp folder; `remove()` deletes it and everything in it. */
export interface TempDir {
  /** The folder's real absolute path (symlinks such as macOS's /var → /private/var resolved). */
  readonly path: string;
  /** Joins segments onto the folder's path. */
  join(...segments: string[]): string;
  remove(): void;
  [Symbol.dispose](): void;
}

/** Creates a temp folder. Use with `using dir = createTempDir('read-file-')` or call `remove()`. */
export function createTempDir(prefix = 'weft-test-'): TempDir {
  const path = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const remove = () => rmSync(path, { recursive: true, force: true });
  return { path, join: (...segments) => join(path, ...segments), remove, [Symbol.dispose]: remove };
}
