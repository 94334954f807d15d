import type { ExecutionEnvironment } from '@weft/agent-core';
import type { AffectedPaths, AppliedChange } from '../apply/applied-change.js';
import { DeleteFileError, WriteFileError } from '../apply/apply-errors.js';
import { applyHunks } from '../apply/apply-hunks.js';
import { formatSuccessSummary } from '../messages/success-summary.js';
import { parsePatch } from '../parser/parse-patch.js';
import { commitStaged } from './commit-staged.js';
import { EnvironmentFiles } from './environment-files.js';
import { StagedFiles } from './staged-files.js';

export interface ApplyPatchInEnvironmentOptions {
  /** Folder relative paths start from (a `cd` target); default the environment's working directory. */
  workdir?: string;
  /** Checked before anything is written; an aborted call changes nothing. */
  signal?: AbortSignal;
}

export type ApplyPatchOutcome =
  | {
      ok: true;
      /** Codex's success text. */
      summary: string;
      affected: AffectedPaths;
      changes: AppliedChange[];
    }
  | {
      ok: false;
      /** 'verify': found before writing, nothing changed. 'commit': a write failed, changes were rolled back. */
      phase: 'verify' | 'commit' | 'aborted';
      error: unknown;
      /** For 'commit': whether every file was restored. */
      restored: boolean;
    };

/**
 * Applies a patch all-or-nothing: the whole patch is first applied to an in-memory overlay of
 * the environment (so every hunk is verified, including hunks that build on earlier ones), and
 * only when all of it succeeds are the files written, each atomically. A write that still fails
 * then rolls back the files already written.
 */
export async function applyPatchInEnvironment(
  patchText: string,
  env: ExecutionEnvironment,
  options: ApplyPatchInEnvironmentOptions = {},
): Promise<ApplyPatchOutcome> {
  const files = new EnvironmentFiles(env, options.workdir);
  const staged = new StagedFiles(files);
  let result: Awaited<ReturnType<typeof applyHunks>>;
  try {
    const { hunks } = parsePatch(patchText);
    result = await applyHunks(hunks, staged, { recordChanges: true });
  } catch (error) {
    return { ok: false, phase: 'verify', error, restored: true };
  }
  if (options.signal?.aborted)
    return { ok: false, phase: 'aborted', error: options.signal.reason, restored: true };

  const failure = await commitStaged(files, staged.operations(), staged.originalContents());
  if (failure !== undefined) {
    const error =
      failure.operation.content === null
        ? new DeleteFileError(failure.operation.path, failure.error, 'delete')
        : new WriteFileError(failure.operation.path, failure.error);
    return { ok: false, phase: 'commit', error, restored: failure.restored };
  }
  return {
    ok: true,
    summary: formatSuccessSummary(result.affected),
    affected: result.affected,
    changes: result.changes,
  };
}
