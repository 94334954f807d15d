import { applyHunks } from '../apply/apply-hunks.js';
import type { PatchFileAccess } from '../apply/file-access.js';
import { commandErrorText } from '../messages/command-error-text.js';
import { formatSuccessSummary } from '../messages/success-summary.js';
import { parsePatch } from '../parser/parse-patch.js';

export const USAGE = "Usage: apply_patch 'PATCH'\n       echo 'PATCH' | apply_patch";

/** What the command needs from its process, so it can be driven in-process as well. */
export interface CommandIo {
  /** The arguments after the program name. */
  args: readonly string[];
  /** Reads all of stdin; `undefined` when stdin is a terminal (nothing will be piped). */
  readStdin: () => Promise<Uint8Array | undefined>;
  files: PatchFileAccess;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

// Later codex releases take this flag; line endings are always preserved here, so it is accepted and ignored.
const PRESERVE_CRLF_FLAG = '--preserve-crlf';

/**
 * Runs `apply_patch` as codex's standalone binary does: the patch is the single argument, or
 * stdin when there is none; hunks are applied in order and a failure stops there without undoing
 * earlier hunks. Returns the exit code: 0 success, 1 a parse or apply failure, 2 a usage error.
 */
export async function runApplyPatchCommand(io: CommandIo): Promise<number> {
  const args = io.args[0] === PRESERVE_CRLF_FLAG ? io.args.slice(1) : io.args;
  let patch: string;
  if (args.length === 0) {
    const bytes = await io.readStdin();
    if (bytes === undefined || bytes.length === 0) {
      io.stderr(`${USAGE}\n`);
      return 2;
    }
    try {
      patch = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      io.stderr('Error: Failed to read PATCH from stdin.\nstream did not contain valid UTF-8\n');
      return 1;
    }
  } else if (args.length > 1) {
    io.stderr('Error: apply_patch accepts exactly one argument.\n');
    return 2;
  } else {
    patch = args[0] as string;
  }

  try {
    const { hunks } = parsePatch(patch);
    const { affected } = await applyHunks(hunks, io.files);
    io.stdout(formatSuccessSummary(affected));
    return 0;
  } catch (error) {
    io.stderr(`${commandErrorText(error)}\n`);
    return 1;
  }
}
