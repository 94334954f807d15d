import { PatchApplyError } from '../apply/apply-errors.js';
import { PatchParseError } from '../parser/patch-parse-error.js';

/** The line the standalone command prints to stderr for a failure (without the trailing newline). */
export function commandErrorText(error: unknown): string {
  if (error instanceof PatchParseError || error instanceof PatchApplyError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
