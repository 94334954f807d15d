import { normalize } from 'node:path';
import { decodeText } from '../content/decode-text.js';
import { deriveNewContent } from '../content/derive-new-content.js';
import { addDiff, deleteDiff, updateDiff } from '../diff/file-diffs.js';
import type { AddFileHunk, DeleteFileHunk, Hunk, UpdateFileHunk } from '../parser/patch-types.js';
import type { AffectedPaths, AppliedChange } from './applied-change.js';
import {
  DeleteFileError,
  EmptyPatchError,
  ReadFileToUpdateError,
  RemoveOriginalError,
  WriteFileError,
} from './apply-errors.js';
import { FileAccessError, type PatchFileAccess } from './file-access.js';

export interface ApplyHunksOptions {
  /**
   * Read what each hunk replaces or deletes, and compute diffs, for `changes`. The command
   * leaves this off and does only the I/O codex's binary does; the tool turns it on. With it
   * on, a Delete reads the file first, so a missing file or a folder fails at that read.
   */
  recordChanges?: boolean;
}

export interface ApplyHunksResult {
  affected: AffectedPaths;
  /** One entry per hunk, in patch order (diffs are empty strings unless `recordChanges`). */
  changes: AppliedChange[];
}

/**
 * Applies hunks in order through `files`, one at a time, stopping at the first failure without
 * undoing earlier hunks (codex's binary semantics: an Add before a failing Update stays). For
 * all-or-nothing application, pass a staging PatchFileAccess and commit it afterwards.
 *
 * Throws a PatchApplyError subclass (or ChunkNotFoundError) describing the first failure.
 */
export async function applyHunks(
  hunks: readonly Hunk[],
  files: PatchFileAccess,
  options: ApplyHunksOptions = {},
): Promise<ApplyHunksResult> {
  if (hunks.length === 0) throw new EmptyPatchError();
  const record = options.recordChanges ?? false;
  const affected: AffectedPaths = { added: [], modified: [], deleted: [] };
  const changes: AppliedChange[] = [];
  for (const hunk of hunks) {
    if (hunk.type === 'add') {
      changes.push(await applyAdd(hunk, files, record));
      affected.added.push(hunk.path);
    } else if (hunk.type === 'delete') {
      changes.push(await applyDelete(hunk, files, record));
      affected.deleted.push(hunk.path);
    } else {
      changes.push(await applyUpdate(hunk, files, record));
      affected.modified.push(hunk.movePath ?? hunk.path);
    }
  }
  return { affected, changes };
}

async function applyAdd(hunk: AddFileHunk, files: PatchFileAccess, record: boolean): Promise<AppliedChange> {
  const absolutePath = files.resolve(hunk.path);
  const previous = record ? await readIfText(files, absolutePath) : undefined;
  await write(files, absolutePath, hunk.contents);
  return {
    kind: 'add',
    path: hunk.path,
    absolutePath,
    content: hunk.contents,
    overwritten: previous !== undefined,
    diff: record ? addDiff(hunk.path, hunk.contents, previous?.text) : '',
  };
}

async function applyDelete(
  hunk: DeleteFileHunk,
  files: PatchFileAccess,
  record: boolean,
): Promise<AppliedChange> {
  const absolutePath = files.resolve(hunk.path);
  let previousContent: string | undefined;
  let diff = '';
  if (record) {
    let bytes: Uint8Array;
    try {
      bytes = await files.read(absolutePath);
    } catch (error) {
      throw new DeleteFileError(absolutePath, asFileAccessError(error), 'read');
    }
    // Deleting a binary file is fine; only its diff cannot be shown as text.
    previousContent = tryDecode(bytes);
    diff =
      previousContent === undefined
        ? `Binary file ${hunk.path} deleted\n`
        : deleteDiff(hunk.path, previousContent);
  }
  try {
    await files.delete(absolutePath);
  } catch (error) {
    throw new DeleteFileError(absolutePath, asFileAccessError(error), 'delete');
  }
  return { kind: 'delete', path: hunk.path, absolutePath, previousContent, diff };
}

async function applyUpdate(
  hunk: UpdateFileHunk,
  files: PatchFileAccess,
  record: boolean,
): Promise<AppliedChange> {
  const absolutePath = files.resolve(hunk.path);
  let previousContent: string;
  try {
    previousContent = decodeText(await files.read(absolutePath));
  } catch (error) {
    throw new ReadFileToUpdateError(absolutePath, asFileAccessError(error));
  }
  const derived = deriveNewContent(previousContent, hunk.chunks, absolutePath);
  const absoluteMovePath = hunk.movePath === undefined ? undefined : files.resolve(hunk.movePath);
  const target = absoluteMovePath ?? absolutePath;
  await write(files, target, derived.newContent);
  // Codex removes the source after writing the destination even when they are the same file,
  // which deletes it; a move onto itself is treated as a plain update instead.
  if (absoluteMovePath !== undefined && normalize(absoluteMovePath) !== normalize(absolutePath)) {
    try {
      await files.delete(absolutePath);
    } catch (error) {
      throw new RemoveOriginalError(absolutePath, asFileAccessError(error));
    }
  }
  return {
    kind: 'update',
    path: hunk.path,
    absolutePath,
    movePath: hunk.movePath,
    absoluteMovePath,
    previousContent,
    newContent: derived.newContent,
    diff: record
      ? updateDiff(derived.before, derived.after, derived.replacements, hunk.path, hunk.movePath ?? hunk.path)
      : '',
  };
}

async function write(files: PatchFileAccess, absolutePath: string, content: string): Promise<void> {
  try {
    await files.write(absolutePath, content);
  } catch (error) {
    throw new WriteFileError(absolutePath, asFileAccessError(error));
  }
}

async function readIfText(
  files: PatchFileAccess,
  absolutePath: string,
): Promise<{ text: string } | undefined> {
  if (!(await files.exists(absolutePath))) return undefined;
  try {
    const text = tryDecode(await files.read(absolutePath));
    return text === undefined ? { text: '' } : { text };
  } catch {
    // A folder or unreadable file: the write that follows reports the problem.
    return undefined;
  }
}

function tryDecode(bytes: Uint8Array): string | undefined {
  try {
    return decodeText(bytes);
  } catch {
    return undefined;
  }
}

function asFileAccessError(error: unknown): FileAccessError {
  if (error instanceof FileAccessError) return error;
  return new FileAccessError('IO_ERROR', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}
