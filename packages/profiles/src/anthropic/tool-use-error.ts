import { errorResult, isEnvironmentError, type ToolResult } from '@weft/agent-core';
import { FsToolError } from '@weft/tools-fs';

/**
 * Claude Code answers a failed precondition (a missing file, a string not found) with the
 * message inside `<tool_use_error>` tags and `is_error` set; its models read that wrapper as
 * "your call was refused, nothing happened". Runtime failures (a command's non-zero exit) are
 * plain error text instead.
 */
export function toolUseError<TDetails>(message: string, details?: TDetails): ToolResult<TDetails> {
  return errorResult(`<tool_use_error>${message}</tool_use_error>`, details);
}

/** Claude Code's wording for a path that does not exist. */
export function fileDoesNotExist(workingDirectory: string): string {
  return `File does not exist. Note: your current working directory is ${workingDirectory}.`;
}

/**
 * Turns the file operations' typed failures into Claude Code's refusals: known codes get its
 * wording (`reword` returns undefined to keep ours), anything else keeps the operation's message.
 * Other errors are rethrown for executeTool to report.
 */
export function fsFailure<TDetails>(
  error: unknown,
  workingDirectory: string,
  reword: (error: FsToolError) => string | undefined = () => undefined,
): ToolResult<TDetails> {
  // A write the environment's policy refused changed nothing either: the same kind of refusal.
  if (isEnvironmentError(error, 'OUTSIDE_ALLOWED_ROOTS')) return toolUseError(error.message);
  if (!(error instanceof FsToolError)) throw error;
  if (error.code === 'FILE_NOT_FOUND') return toolUseError(fileDoesNotExist(workingDirectory));
  return toolUseError(reword(error) ?? error.message);
}
