import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { globFiles, isSearchError } from '@weft/tools-search';
import { toolUseError } from '../tool-use-error.js';

/** Claude Code lists at most this many files. */
export const GLOB_MAX_FILES = 100;
/** Every match is listed before the oldest are kept, so the search itself needs a ceiling. */
const SEARCH_CEILING = 100_000;

const parameters = Type.Object(
  {
    pattern: Type.String({ description: 'The glob to match file paths against, such as "**/*.ts".' }),
    path: Type.Optional(
      Type.String({
        description: 'The folder to search. Leave it out for the working directory (do not pass "null").',
      }),
    ),
  },
  { additionalProperties: false },
);

export type GlobParameters = typeof parameters;

const DESCRIPTION = `Finds files by name with a glob pattern such as "**/*.js" or "src/**/*.ts", in a codebase of any size.
- Returns matching file paths, oldest modification first, at most 100.
- Hidden and ignored files are included.
- Use it to find files by name; use Grep to search their contents.`;

/** Claude Code's `Glob`: `rg --files` order by modification time, oldest first, 100 at most. */
export function createGlobTool(): Tool<GlobParameters> {
  return defineTool({
    name: 'Glob',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      try {
        const result = await globFiles(env, {
          pattern: args.pattern,
          ...(args.path === undefined ? {} : { path: args.path }),
          maxResults: SEARCH_CEILING,
          order: 'modified',
          includeHidden: true,
          respectIgnoreFiles: false,
          signal,
        });
        if (result.files.length === 0) return textResult('No files found');
        // The search lists newest first; Claude Code shows the oldest first.
        const oldestFirst = result.files.map((file) => file.path).reverse();
        const shown = oldestFirst.slice(0, GLOB_MAX_FILES);
        const lines = [...shown];
        if (result.totalCount > shown.length) {
          lines.push(
            `(Showing ${shown.length} of ${result.totalCount} matching files; ${result.totalCount - shown.length} more are not listed. Use a more specific pattern or path to see them.)`,
          );
        }
        return textResult(lines.join('\n'), { totalCount: result.totalCount, shown: shown.length });
      } catch (error) {
        if (isSearchError(error, 'PATH_NOT_FOUND', 'NOT_A_DIRECTORY')) {
          return toolUseError(
            `Directory does not exist: ${args.path ?? '.'}. Note: your current working directory is ${env.workingDirectory}.`,
          );
        }
        if (isSearchError(error, 'INVALID_GLOB'))
          return errorResult(`Invalid glob pattern: ${error.detail ?? error.message}`);
        throw error;
      }
    },
  });
}
