// The parser: codex's v4a grammar, parsed leniently.

export type {
  AddedFile,
  AffectedPaths,
  AppliedChange,
  DeletedFile,
  UpdatedFile,
} from './apply/applied-change.js';
export {
  DeleteFileError,
  EmptyPatchError,
  PatchApplyError,
  ReadFileToUpdateError,
  RemoveOriginalError,
  WriteFileError,
} from './apply/apply-errors.js';
// Applying hunks through a file-access interface.
export { type ApplyHunksOptions, type ApplyHunksResult, applyHunks } from './apply/apply-hunks.js';
export { FileAccessError, type FileAccessErrorCode, type PatchFileAccess } from './apply/file-access.js';
export { NodeFileAccess } from './command/node-file-access.js';
// The command, for running it in-process.
export { type CommandIo, runApplyPatchCommand, USAGE } from './command/run-command.js';
export { computeReplacements, type Replacement } from './content/compute-replacements.js';
export {
  ChunkNotFoundError,
  ContextNotFoundError,
  ExpectedLinesNotFoundError,
} from './content/content-errors.js';
// Applying chunks to text, as pure functions.
export { type DerivedContent, deriveNewContent } from './content/derive-new-content.js';
export {
  type LineEnding,
  parseSourceText,
  renderSourceText,
  type SourceLine,
  type SourceText,
} from './content/source-text.js';
export { normalisePunctuation } from './matcher/normalise-punctuation.js';
// The matcher: codex's four passes.
export { MATCH_PASSES, type MatchPass, type SequenceMatch, seekSequence } from './matcher/seek-sequence.js';
export { commandErrorText } from './messages/command-error-text.js';

// Texts.
export { formatSuccessSummary } from './messages/success-summary.js';
export { type ToolErrorText, verificationErrorText } from './messages/tool-error-text.js';
export { parsePatch } from './parser/parse-patch.js';
export { InvalidHunkError, InvalidPatchError, PatchParseError } from './parser/patch-parse-error.js';
export type {
  AddFileHunk,
  ChunkLine,
  DeleteFileHunk,
  Hunk,
  ParsedPatch,
  UpdateChunk,
  UpdateFileHunk,
} from './parser/patch-types.js';
// The shell interceptor.
export {
  type ApplyPatchShellInterceptorOptions,
  applyPatchShellInterceptor,
  createApplyPatchShellInterceptor,
  IMPLICIT_INVOCATION_MESSAGE,
  type ShellInterceptor,
} from './shell/apply-patch-shell-interceptor.js';
export {
  type ApplyPatchInvocation,
  parseApplyPatchInvocation,
} from './shell/parse-apply-patch-invocation.js';
export {
  type ApplyPatchInEnvironmentOptions,
  type ApplyPatchOutcome,
  applyPatchInEnvironment,
} from './tool/apply-patch-in-environment.js';
// The tool.
export {
  type ApplyPatchDetails,
  type ApplyPatchFileChange,
  type ApplyPatchParameters,
  type ApplyPatchToolOptions,
  applyPatchTool,
  createApplyPatchTool,
  runApplyPatch,
} from './tool/apply-patch-tool.js';
export { APPLY_PATCH_FREEFORM_DESCRIPTION, APPLY_PATCH_LARK_GRAMMAR } from './tool/freeform-grammar.js';
export { APPLY_PATCH_DESCRIPTION } from './tool/tool-description.js';
