import {
  DEFAULT_MAX_BYTES,
  defineTool,
  type Static,
  ToolError,
  type TruncationResult,
  Type,
  textResult,
} from '@weft/agent-core';
import type { RipgrepToolOptions } from '../ripgrep/ripgrep-tool-options.js';
import { isSearchError, type SearchError } from '../search-error.js';
import { formatGrepResult } from './format-grep.js';
import { GREP_DEFAULT_MAX_RESULTS, type GrepOutputMode, type GrepResult } from './grep-options.js';
import { grepSearch } from './grep-search.js';

/** The most matches (or files) one call may ask for. */
export const GREP_MAX_RESULTS_LIMIT = 2000;
/** The most context lines one call may ask for on each side of a match. */
export const GREP_MAX_CONTEXT_LINES = 50;

export const grepParameters = Type.Object(
  {
    pattern: Type.String({
      minLength: 1,
      description:
        'Regular expression to search for (Rust/ripgrep syntax: escape ( ) [ ] { } . * + ? | with a backslash), or plain text when literal is true.',
    }),
    path: Type.Optional(
      Type.String({ description: 'File or folder to search. Default: the working directory.' }),
    ),
    glob_filter: Type.Optional(
      Type.String({
        description:
          'Only search files whose path matches this glob, e.g. "*.ts", "*.{js,jsx}" or "src/**/*.py".',
      }),
    ),
    case_insensitive: Type.Optional(
      Type.Boolean({ default: false, description: 'Ignore case. Default false.' }),
    ),
    literal: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Treat pattern as plain text rather than a regular expression. Default false.',
      }),
    ),
    output_mode: Type.Optional(
      Type.Enum(['content', 'files_with_matches', 'count'], {
        // Stated for providers whose schema dialect wants a type beside an enum (Gemini's).
        type: 'string',
        default: 'content',
        description:
          'content: matching lines with path and line number (default); files_with_matches: only the paths of matching files; count: matching lines per file.',
      }),
    ),
    context: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: GREP_MAX_CONTEXT_LINES,
        description: 'Lines to show before and after each match (content mode). Default 0.',
      }),
    ),
    before_context: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: GREP_MAX_CONTEXT_LINES,
        description: 'Lines to show before each match; overrides context for that side.',
      }),
    ),
    after_context: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: GREP_MAX_CONTEXT_LINES,
        description: 'Lines to show after each match; overrides context for that side.',
      }),
    ),
    max_results: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: GREP_MAX_RESULTS_LIMIT,
        default: GREP_DEFAULT_MAX_RESULTS,
        description: `Most matching lines to return (files, in the files_with_matches and count modes). Default ${GREP_DEFAULT_MAX_RESULTS}.`,
      }),
    ),
  },
  { additionalProperties: false },
);

export type GrepParameters = Static<typeof grepParameters>;

/** What hosts get besides the text: the search's facts, never sent to the model. */
export interface GrepToolDetails {
  mode: GrepOutputMode;
  /** Matching lines shown (content) or counted (count); null in files_with_matches mode. */
  matchCount: number | null;
  fileCount: number;
  /** The paths of the files in the result, as shown. */
  files: string[];
  limit: number;
  limitReached: boolean;
  /** True when ripgrep was killed once the limit was reached. */
  stoppedEarly: boolean;
  linesTruncated: boolean;
  /** The byte cap's verdict on the output. */
  truncation: TruncationResult;
  timedOut: boolean;
  warnings: string[];
  durationMs: number;
}

export type GrepToolOptions = RipgrepToolOptions;

/** Builds the loop spec's generic `grep` tool. */
export function createGrepTool(options: GrepToolOptions = {}) {
  return defineTool<typeof grepParameters, GrepToolDetails>({
    name: 'grep',
    description: [
      'Search the contents of files for a regular expression, using ripgrep.',
      'Searches the working directory unless path is given; hidden files are included, while files ignored by .gitignore and binary files are skipped.',
      'output_mode content (the default) prints "path:line: text" for each matching line and "path-line- text" for context lines; files_with_matches prints one path per line; count prints "path:count".',
      `At most max_results results (default ${GREP_DEFAULT_MAX_RESULTS}) and ${Math.round((options.maxBytes ?? DEFAULT_MAX_BYTES) / 1024)} KB are returned, and lines longer than 500 characters are cut; a note at the end says when that happened and how to narrow the search.`,
      'Set literal to true to search for text containing characters such as ( [ . * as-is.',
    ].join(' '),
    parameters: grepParameters,
    async execute(args, context) {
      let result: GrepResult;
      try {
        result = await grepSearch(context.env, {
          pattern: args.pattern,
          ...(args.path !== undefined ? { path: args.path } : {}),
          ...(args.glob_filter !== undefined ? { glob: args.glob_filter } : {}),
          caseInsensitive: args.case_insensitive ?? false,
          literal: args.literal ?? false,
          mode: (args.output_mode ?? 'content') as GrepOutputMode,
          beforeContext: args.before_context ?? args.context ?? 0,
          afterContext: args.after_context ?? args.context ?? 0,
          maxResults: args.max_results ?? GREP_DEFAULT_MAX_RESULTS,
          signal: context.signal,
          ...(options.rgPath !== undefined ? { rgPath: options.rgPath } : {}),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        });
      } catch (error) {
        if (isSearchError(error)) throw new ToolError(grepErrorMessage(error, args), { cause: error });
        throw error;
      }
      const formatted = formatGrepResult(result, {
        ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
        limitMaximum: GREP_MAX_RESULTS_LIMIT,
      });
      return textResult(formatted.text, {
        mode: result.mode,
        matchCount: result.matchCount,
        fileCount: result.fileCount,
        files: result.files.map((file) => file.path),
        limit: result.limit,
        limitReached: result.limitReached,
        stoppedEarly: result.stoppedEarly,
        linesTruncated: result.linesTruncated,
        truncation: formatted.truncation,
        timedOut: result.timedOut,
        warnings: result.warnings,
        durationMs: result.durationMs,
      });
    },
  });
}

/** The generic `grep` tool with default options. */
export const grepTool = createGrepTool();

/** Rewords a search error for the model, naming this tool's parameters and the next step. */
export function grepErrorMessage(error: SearchError, args: Pick<GrepParameters, 'glob_filter'>): string {
  switch (error.code) {
    case 'INVALID_PATTERN':
      return `${error.message}\nEscape special characters such as ( ) [ ] { } . * + ? | with a backslash, or set literal: true to search for the exact text.`;
    case 'INVALID_GLOB':
      return `Invalid glob_filter ${JSON.stringify(args.glob_filter ?? '')}: ${error.detail ?? error.message}. Use a glob such as "*.ts", "*.{js,jsx}" or "src/**/*.py", or leave glob_filter out.`;
    case 'PATH_NOT_FOUND':
      return `${error.message}. Check the path (glob or list_dir show what exists), or leave path out to search the working directory.`;
    case 'NOT_A_DIRECTORY':
      return `${error.message}. Give a file or a folder as path.`;
    case 'TIMED_OUT':
      return `${error.message} Narrow the search with path or glob_filter.`;
    case 'ABORTED':
      return 'grep was aborted before it finished.';
    default:
      return error.message;
  }
}
