import type { WalkOptions } from '../ripgrep/common-args.js';

/** What grep returns: matching lines, the files that match, or a count per file. */
export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

/**
 * The order results come back in. 'path' sorts them by path after the search (ripgrep's own
 * order varies from run to run because it searches in parallel); 'modified' asks ripgrep for
 * newest first (it then searches on one thread and sorts before printing, so the match limit
 * no longer saves work); 'none' keeps whatever order ripgrep found them in.
 */
export type SearchOrder = 'path' | 'modified' | 'none';

/** The options of {@link grepSearch}: plain names, independent of any tool's parameter names. */
export interface GrepOptions extends WalkOptions {
  /** A Rust regular expression (ripgrep's syntax), or plain text with `literal`. */
  pattern: string;
  /** File or folder to search; relative paths start at the working directory. Default: the working directory. */
  path?: string;
  /**
   * Only search files matching one of these globs (ripgrep `--glob` syntax: `*.ts`, `src/**`,
   * `*.{js,jsx}`), matched against paths relative to the searched folder; globs starting with
   * '!' exclude. Unlike ripgrep's own `--glob`, a glob never brings back a file .gitignore hides.
   */
  glob?: string | readonly string[];
  caseInsensitive?: boolean;
  /** Search for `pattern` as plain text, not a regular expression. */
  literal?: boolean;
  /** Default 'content'. */
  mode?: GrepOutputMode;
  /** Lines shown before each match (content mode). Default 0. */
  beforeContext?: number;
  /** Lines shown after each match (content mode). Default 0. */
  afterContext?: number;
  /**
   * The most results returned: matching lines in content mode, files in the other modes.
   * Reaching it stops ripgrep. Default 100.
   */
  maxResults?: number;
  /** Characters kept of each line before it is cut. Default 500. */
  maxLineLength?: number;
  /** Default 'path'. */
  order?: SearchOrder;
  /** Milliseconds before ripgrep is stopped and what it found so far is returned. Default 30 000. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The ripgrep binary in the environment. Default: the one shipped in `@vscode/ripgrep`. */
  rgPath?: string;
}

export const GREP_DEFAULT_MAX_RESULTS = 100;
export const SEARCH_DEFAULT_TIMEOUT_MS = 30_000;

/** One line of output in content mode. */
export interface GrepLine {
  lineNumber: number;
  /** The line without its line ending, cut to `maxLineLength` characters when longer. */
  text: string;
  /** True for a matching line, false for a context line. */
  isMatch: boolean;
  /** True when `text` was cut. */
  truncated: boolean;
}

/** One file in the result. */
export interface GrepFile {
  /** As the model sees it: relative to the working directory when inside it, absolute otherwise. */
  path: string;
  absolutePath: string;
  /**
   * Matching lines: those returned (content mode) or all of them (count mode); null in
   * files_with_matches mode, where ripgrep stops at the first.
   */
  matchCount: number | null;
  /** Content mode: matching and context lines in line order. Empty in the other modes. */
  lines: GrepLine[];
  /** The file holds binary data (a NUL byte); its lines are not meant to be shown. */
  binary: boolean;
}

/** What a search found, with every fact a formatter needs. */
export interface GrepResult {
  mode: GrepOutputMode;
  pattern: string;
  /** The searched path as the model sees it. */
  searchPath: string;
  files: GrepFile[];
  /** Matching lines returned (content), or summed over the listed files (count); null for files_with_matches. */
  matchCount: number | null;
  fileCount: number;
  /** Context lines asked for around each match (content mode; 0 otherwise). */
  beforeContext: number;
  afterContext: number;
  /** The `maxResults` in force and what it counts. */
  limit: number;
  limitUnit: 'matches' | 'files';
  /** True when there were more results than `limit`; the rest were not read. */
  limitReached: boolean;
  /** True when at least one line was cut to `maxLineLength`. */
  linesTruncated: boolean;
  maxLineLength: number;
  /** True when ripgrep was killed because the limit was reached. */
  stoppedEarly: boolean;
  /** True when the timeout ended the search; the results are partial. */
  timedOut: boolean;
  timeoutMs: number;
  /** Problems ripgrep reported while it kept going (an unreadable file, a symlink loop). */
  warnings: string[];
  durationMs: number;
}
