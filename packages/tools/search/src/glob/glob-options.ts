import type { SearchOrder } from '../grep/grep-options.js';
import type { WalkOptions } from '../ripgrep/common-args.js';

/** The options of {@link globFiles}: plain names, independent of any tool's parameter names. */
export interface GlobOptions extends WalkOptions {
  /**
   * A glob ("**\/*.ts", "src/*.json", "*.md"). Without a '/', it matches file names at any
   * depth; with one, paths from the search folder. Absolute, '~' and '..' patterns search from
   * the folder they name.
   */
  pattern: string;
  /** Folder to search; relative paths start at the working directory. Default: the working directory. */
  path?: string;
  /** The most paths returned (the rest are counted). Default 1000. */
  maxResults?: number;
  /** Default 'modified' (newest first); 'path' sorts by path; 'none' keeps ripgrep's order. */
  order?: SearchOrder;
  /** Match the pattern regardless of case. Default false. */
  caseInsensitive?: boolean;
  /** Milliseconds before ripgrep is stopped. Default 30 000. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The ripgrep binary in the environment. Default: the one shipped in `@vscode/ripgrep`. */
  rgPath?: string;
}

export const GLOB_DEFAULT_MAX_RESULTS = 1000;

export interface GlobFile {
  /** As the model sees it: relative to the working directory when inside it, absolute otherwise. */
  path: string;
  absolutePath: string;
}

export interface GlobResult {
  pattern: string;
  /** The folder searched, as the model sees it. */
  searchPath: string;
  /** Up to `limit` files, in `order`. */
  files: GlobFile[];
  /** How many files matched in all, including those past the limit. */
  totalCount: number;
  limit: number;
  limitReached: boolean;
  order: SearchOrder;
  /** True when the timeout ended the listing; the results are partial. */
  timedOut: boolean;
  timeoutMs: number;
  warnings: string[];
  durationMs: number;
}
