import type { FileAccessError } from '../apply/file-access.js';
import { type EnvironmentFiles, toFileAccessError } from './environment-files.js';
import type { StagedOperation } from './staged-files.js';

export interface CommitFailure {
  /** The operation that failed. */
  operation: StagedOperation;
  error: FileAccessError;
  /** True when every file written or deleted before the failure was put back as it was. */
  restored: boolean;
}

/**
 * Writes a verified patch's final states to the environment (each write atomic). If a write
 * still fails (a disk error, a permission that changed), the files already changed are put back
 * from copies taken just before (or read while verifying, passed as `alreadyRead`), so the tree ends as it began. Folders created on the way stay:
 * the environment interface offers no way to remove a folder.
 *
 * Returns undefined on success.
 */
export async function commitStaged(
  files: EnvironmentFiles,
  operations: readonly StagedOperation[],
  alreadyRead: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<CommitFailure | undefined> {
  const originals = new Map<string, Uint8Array | undefined>();
  for (const operation of operations) {
    try {
      // Content read while verifying is reused: the patch was verified against it a moment ago.
      originals.set(
        operation.path,
        alreadyRead.get(operation.path) ?? (await readOriginal(files, operation.path)),
      );
    } catch (error) {
      return { operation, error: toFileAccessError(error), restored: true };
    }
  }
  const done: StagedOperation[] = [];
  for (const operation of operations) {
    try {
      if (operation.content !== null) await files.write(operation.path, operation.content);
      else if (originals.get(operation.path) !== undefined) await files.delete(operation.path);
      done.push(operation);
    } catch (error) {
      const restored = await restore(files, done, originals);
      return { operation, error: toFileAccessError(error), restored };
    }
  }
  return undefined;
}

async function readOriginal(files: EnvironmentFiles, path: string): Promise<Uint8Array | undefined> {
  const stat = await files.stat(path).catch(() => undefined);
  if (stat?.type !== 'file') return undefined;
  return files.read(path);
}

async function restore(
  files: EnvironmentFiles,
  done: readonly StagedOperation[],
  originals: ReadonlyMap<string, Uint8Array | undefined>,
): Promise<boolean> {
  let restored = true;
  for (const operation of [...done].reverse()) {
    const original = originals.get(operation.path);
    try {
      if (original !== undefined) await files.write(operation.path, original);
      else if (operation.content !== null) await files.delete(operation.path);
    } catch {
      restored = false;
    }
  }
  return restored;
}
