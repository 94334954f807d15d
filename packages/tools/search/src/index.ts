// Operations (plain options in, structured data out), formatters (data to model text) and the
// generic tools built from them. Profiles that present these searches under another agent's names
// reuse the operations and write their own formatter and tool.
export { type FormattedGlob, formatGlobResult, type GlobFormatOptions } from './glob/format-glob.js';
export { globFiles } from './glob/glob-files.js';
export {
  GLOB_DEFAULT_MAX_RESULTS,
  type GlobFile,
  type GlobOptions,
  type GlobResult,
} from './glob/glob-options.js';
export {
  createGlobTool,
  GLOB_MAX_RESULTS_LIMIT,
  type GlobParameters,
  type GlobToolDetails,
  type GlobToolOptions,
  globErrorMessage,
  globParameters,
  globTool,
} from './glob/glob-tool.js';
export { type CompiledGlob, compileGlob, GlobSyntaxError } from './globs/compile-glob.js';
export { buildPathFilter, type PathFilter } from './globs/path-filter.js';
export { type SplitGlob, splitGlobPattern } from './globs/split-glob-pattern.js';
export {
  type FormattedGrep,
  formatGrepResult,
  type GrepFormatOptions,
  NO_MATCHES_TEXT,
} from './grep/format-grep.js';
export {
  GREP_DEFAULT_MAX_RESULTS,
  type GrepFile,
  type GrepLine,
  type GrepOptions,
  type GrepOutputMode,
  type GrepResult,
  SEARCH_DEFAULT_TIMEOUT_MS,
  type SearchOrder,
} from './grep/grep-options.js';
export { grepSearch } from './grep/grep-search.js';
export {
  createGrepTool,
  GREP_MAX_CONTEXT_LINES,
  GREP_MAX_RESULTS_LIMIT,
  type GrepParameters,
  type GrepToolDetails,
  type GrepToolOptions,
  grepErrorMessage,
  grepParameters,
  grepTool,
} from './grep/grep-tool.js';
export { toDisplayPath } from './paths/display-path.js';
export { VCS_FOLDERS, type WalkOptions } from './ripgrep/common-args.js';
export { defaultRgPath } from './ripgrep/default-rg-path.js';
export { isSearchError, SearchError, type SearchErrorCode } from './search-error.js';
