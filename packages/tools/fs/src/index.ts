// Each tool is three layers, exported separately so other agents' names and formats can reuse
// the behaviour: an operation (plain options in, structured result out), a formatter (result to
// model-facing content) and a Tool with the loop spec's generic name and parameters.

export { type EditFileOptions, type EditFileResult, editFile } from './edit-file/edit-file.js';
export {
  createEditFileTool,
  type EditFileDetails,
  type EditFileParameters,
  editFileParameters,
  editFileTool,
} from './edit-file/edit-file-tool.js';
export { findMatches, type MatchOutcome } from './edit-file/find-matches.js';
export { formatEditFile } from './edit-file/format-edit-file.js';
export { fuzzyNormalize, fuzzyView } from './edit-file/fuzzy-normalize.js';
export { DIFF_CONTEXT_LINES, type FileDiff, unifiedDiff } from './edit-file/unified-diff.js';
export { formatListDir } from './list-dir/format-list-dir.js';
export {
  DEFAULT_LIST_LIMIT,
  type ListDirOptions,
  type ListDirResult,
  type ListedEntry,
  listDir,
} from './list-dir/list-dir.js';
export {
  createListDirTool,
  type ListDirDetails,
  type ListDirParameters,
  listDirParameters,
  listDirTool,
} from './list-dir/list-dir-tool.js';
export { comparePaths } from './list-dir/sort-entries.js';
export {
  continuationHint,
  formatReadFile,
  numberLine,
  type ReadFileFormatOptions,
} from './read-file/format-read-file.js';
export {
  DEFAULT_MAX_IMAGE_BYTES,
  type ReadFileOptions,
  type ReadFileResult,
  type ReadImageResult,
  type ReadTextResult,
  readFile,
  readTruncation,
} from './read-file/read-file.js';
export {
  createReadFileTool,
  type ReadFileDetails,
  type ReadFileParameters,
  type ReadFileToolOptions,
  readFileParameters,
  readFileTool,
} from './read-file/read-file-tool.js';
export { type LineWindow, type ScannedLines, type StopReason, scanLines } from './read-file/scan-lines.js';
export { formatReadManyFiles } from './read-many-files/format-read-many-files.js';
export { globToRegExp } from './read-many-files/glob-pattern.js';
export {
  DEFAULT_EXCLUDES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_TOTAL_BYTES,
  type ReadManyFile,
  type ReadManyFilesOptions,
  type ReadManyFilesResult,
  readManyFiles,
  type SkippedFile,
} from './read-many-files/read-many-files.js';
export {
  createReadManyFilesTool,
  type ReadManyFilesDetails,
  type ReadManyFilesParameters,
  readManyFilesParameters,
  readManyFilesTool,
} from './read-many-files/read-many-files-tool.js';
export { detectImage, type ImageMediaType, looksBinary } from './shared/content-kind.js';
export { type FsErrorCode, type FsErrorDetails, FsToolError } from './shared/fs-tool-error.js';
export { withPathLock } from './shared/path-lock.js';
export { pathVariants } from './shared/path-variants.js';
export { formatWriteFile } from './write-file/format-write-file.js';
export { type WriteFileOptions, type WriteFileResult, writeFile } from './write-file/write-file.js';
export {
  createWriteFileTool,
  type WriteFileDetails,
  type WriteFileParameters,
  writeFileParameters,
  writeFileTool,
} from './write-file/write-file-tool.js';

import { editFileTool } from './edit-file/edit-file-tool.js';
import { listDirTool } from './list-dir/list-dir-tool.js';
import { readFileTool } from './read-file/read-file-tool.js';
import { readManyFilesTool } from './read-many-files/read-many-files-tool.js';
import { writeFileTool } from './write-file/write-file-tool.js';

/** All five file tools with default options, for registering at once. */
export const fsTools = [readFileTool, writeFileTool, editFileTool, listDirTool, readManyFilesTool] as const;
