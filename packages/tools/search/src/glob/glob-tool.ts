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
import { formatGlobResult } from './format-glob.js';
import { globFiles } from './glob-files.js';
import { GLOB_DEFAULT_MAX_RESULTS, type GlobResult } from './glob-options.js';

/** The most paths one call may ask for. */
export const GLOB_MAX_RESULTS_LIMIT = 5000;

export const globParameters = Type.Object(
  {
    pattern: Type.String({
      minLength: 1,
      description:
        'Glob to match, e.g. "**/*.ts", "src/*.json" or "*.md". Without a "/" it matches file names at any depth; with one, paths from the search folder.',
    }),
    path: Type.Optional(Type.String({ description: 'Folder to search. Default: the working directory.' })),
    max_results: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: GLOB_MAX_RESULTS_LIMIT,
        default: GLOB_DEFAULT_MAX_RESULTS,
        description: `Most paths to return. Default ${GLOB_DEFAULT_MAX_RESULTS}.`,
      }),
    ),
  },
  { additionalProperties: false },
);

export type GlobParameters = Static<typeof globParameters>;

/** What hosts get besides the text. */
export interface GlobToolDetails {
  /** The paths returned, as shown, newest first. */
  files: string[];
  /** How many files matched in all, including those past the limit. */
  totalCount: number;
  limit: number;
  limitReached: boolean;
  truncation: TruncationResult;
  timedOut: boolean;
  warnings: string[];
  durationMs: number;
}

export type GlobToolOptions = RipgrepToolOptions;

/** Builds the loop spec's generic `glob` tool. */
export function createGlobTool(options: GlobToolOptions = {}) {
  return defineTool<typeof globParameters, GlobToolDetails>({
    name: 'glob',
    description: [
      'Find files by name with a glob pattern, newest first (by modification time).',
      'Lists files under the working directory unless path is given; hidden files are included, while files ignored by .gitignore are skipped. Symbolic links are not followed.',
      'Prints one path per line, relative to the working directory.',
      `At most max_results paths (default ${GLOB_DEFAULT_MAX_RESULTS}) and ${Math.round((options.maxBytes ?? DEFAULT_MAX_BYTES) / 1024)} KB are returned; a note at the end says how many more matched.`,
    ].join(' '),
    parameters: globParameters,
    async execute(args, context) {
      let result: GlobResult;
      try {
        result = await globFiles(context.env, {
          pattern: args.pattern,
          ...(args.path !== undefined ? { path: args.path } : {}),
          maxResults: args.max_results ?? GLOB_DEFAULT_MAX_RESULTS,
          signal: context.signal,
          ...(options.rgPath !== undefined ? { rgPath: options.rgPath } : {}),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        });
      } catch (error) {
        if (isSearchError(error)) throw new ToolError(globErrorMessage(error, args), { cause: error });
        throw error;
      }
      const formatted = formatGlobResult(result, {
        ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
        limitMaximum: GLOB_MAX_RESULTS_LIMIT,
      });
      return textResult(formatted.text, {
        files: result.files.map((file) => file.path),
        totalCount: result.totalCount,
        limit: result.limit,
        limitReached: result.limitReached,
        truncation: formatted.truncation,
        timedOut: result.timedOut,
        warnings: result.warnings,
        durationMs: result.durationMs,
      });
    },
  });
}

/** The generic `glob` tool with default options. */
export const globTool = createGlobTool();

/** Rewords a search error for the model, naming this tool's parameters and the next step. */
export function globErrorMessage(error: SearchError, args: Pick<GlobParameters, 'pattern'>): string {
  switch (error.code) {
    case 'INVALID_GLOB':
    case 'INVALID_PATTERN':
      return `Invalid glob pattern ${JSON.stringify(args.pattern)}: ${error.detail ?? error.message}. Use a pattern such as "**/*.ts", "src/*.json" or "*.{js,jsx}".`;
    case 'PATH_NOT_FOUND':
      return `${error.message}. Check the path, or leave path out to search the working directory.`;
    case 'NOT_A_DIRECTORY':
      return `${error.message}. glob searches a folder: give the file's folder as path, or read the file with read_file.`;
    case 'TIMED_OUT':
      return `${error.message} Narrow the pattern or give a smaller folder as path.`;
    case 'ABORTED':
      return 'glob was aborted before it finished.';
    default:
      return error.message;
  }
}
