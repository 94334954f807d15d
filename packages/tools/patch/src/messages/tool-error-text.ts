import {
  DeleteFileError,
  EmptyPatchError,
  PatchApplyError,
  ReadFileToUpdateError,
  RemoveOriginalError,
  WriteFileError,
} from '../apply/apply-errors.js';
import { ChunkNotFoundError, ContextNotFoundError } from '../content/content-errors.js';
import { InvalidHunkError, InvalidPatchError } from '../parser/patch-parse-error.js';

/** The model-visible error: codex's text, and our advice on what to do next. */
export interface ToolErrorText {
  /** Codex's wording for the same failure on its tool path. */
  text: string;
  /** What to do next. Ends with whether any file was changed. */
  hint: string;
}

export const VERIFICATION_PREFIX = 'apply_patch verification failed: ';
const UNCHANGED = 'No files were changed.';
const REJECTED_OUTSIDE = 'patch rejected: writing outside of the project; rejected by user approval settings';

/**
 * Words a failure found while checking the patch, before anything was written. Texts follow
 * codex's tool path ("apply_patch verification failed: ...", "patch rejected: ..."). The hint
 * says what to do next.
 */
export function verificationErrorText(error: unknown): ToolErrorText {
  if (error instanceof InvalidPatchError) {
    return {
      text: `${VERIFICATION_PREFIX}invalid patch: ${error.reason}`,
      hint: `Send the whole patch between a '*** Begin Patch' line and a '*** End Patch' line. ${UNCHANGED}`,
    };
  }
  if (error instanceof InvalidHunkError) {
    return {
      text: `${VERIFICATION_PREFIX}invalid hunk at line ${error.lineNumber}, ${error.reason}`,
      hint: `Fix the patch format at that line and call apply_patch again. ${UNCHANGED}`,
    };
  }
  if (error instanceof EmptyPatchError) {
    return {
      text: 'patch rejected: empty patch',
      hint: `Add at least one '*** Add File:', '*** Delete File:' or '*** Update File:' section. ${UNCHANGED}`,
    };
  }
  if (error instanceof ContextNotFoundError) {
    return {
      text: `${VERIFICATION_PREFIX}${error.message}`,
      hint: `The '@@' line must be copied exactly from a line of the file that comes after the previous chunk. Read the file again and resend the patch. ${UNCHANGED}`,
    };
  }
  if (error instanceof ChunkNotFoundError) {
    return {
      text: `${VERIFICATION_PREFIX}${error.message}`,
      hint: `The context and '-' lines must match the file's current lines, in order, after the previous chunk. Read the file again and resend the patch with lines copied from it. ${UNCHANGED}`,
    };
  }
  if (error instanceof ReadFileToUpdateError) {
    return {
      text: `${VERIFICATION_PREFIX}${error.message}`,
      hint:
        error.cause.code === 'INVALID_UTF8'
          ? `apply_patch edits UTF-8 text files only. ${UNCHANGED}`
          : `Check the path (relative paths start at the working directory); to create a file use '*** Add File:'. ${UNCHANGED}`,
    };
  }
  if (error instanceof DeleteFileError) {
    return {
      text: `${VERIFICATION_PREFIX}Failed to read ${error.path}: ${error.cause.message}`,
      hint: `'*** Delete File:' removes an existing file (not a folder). Check the path. ${UNCHANGED}`,
    };
  }
  if (error instanceof WriteFileError && error.cause.code === 'OUTSIDE_ALLOWED_ROOTS') {
    return {
      text: `${REJECTED_OUTSIDE}\n${error.cause.message}`,
      hint: `Write only inside the allowed folders. ${UNCHANGED}`,
    };
  }
  if (error instanceof PatchApplyError) {
    return { text: `${VERIFICATION_PREFIX}${withCause(error)}`, hint: UNCHANGED };
  }
  return {
    text: `${VERIFICATION_PREFIX}${error instanceof Error ? error.message : String(error)}`,
    hint: UNCHANGED,
  };
}

/** Words a failure while writing a verified patch, after which the written files were restored. */
export function commitErrorText(error: unknown, restored: boolean): ToolErrorText {
  const base =
    error instanceof PatchApplyError
      ? withCause(error)
      : error instanceof Error
        ? error.message
        : String(error);
  return {
    text: base,
    hint: restored
      ? `Every file this patch had already written was restored. ${UNCHANGED}`
      : 'Restoring the files written before the failure also failed: check the files this patch touches before retrying.',
  };
}

function withCause(error: PatchApplyError): string {
  if (
    error instanceof WriteFileError ||
    error instanceof RemoveOriginalError ||
    error instanceof DeleteFileError
  ) {
    return `${error.message}: ${error.cause.message}`;
  }
  return error.message;
}

/** The text the model reads: codex's text, a blank line, then the hint (when hints are on). */
export function renderToolError(error: ToolErrorText, hints: boolean): string {
  return hints ? `${error.text}\n\n${error.hint}` : error.text;
}
