import { posix } from 'node:path';
import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { type GrepFile, grepSearch, isSearchError } from '@weft/tools-search';

/** gemini-cli's default `total_max_matches` and its cut for long lines. */
export const GREP_SEARCH_DEFAULT_MAX_MATCHES = 100;
const MAX_LINE_CHARS = 2000;

const parameters = Type.Object({
  pattern: Type.String({ description: 'The regular expression to search for (Rust regex syntax).' }),
  dir_path: Type.Optional(
    Type.String({ description: 'The file or folder to search (default: the project root).' }),
  ),
  include_pattern: Type.Optional(
    Type.String({
      description: 'Only search files matching this glob, such as "*.ts" or "src/**/*.{js,jsx}".',
    }),
  ),
  exclude_pattern: Type.Optional(
    Type.String({ description: 'Leave out matching lines that match this regular expression.' }),
  ),
  names_only: Type.Optional(Type.Boolean({ description: 'List only the files that match (default false).' })),
  case_sensitive: Type.Optional(Type.Boolean({ description: 'Match case exactly (default false).' })),
  fixed_strings: Type.Optional(
    Type.Boolean({ description: 'Search for pattern as plain text (default false).' }),
  ),
  context: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Lines to show before and after each match.' }),
  ),
  after: Type.Optional(Type.Integer({ minimum: 0, description: 'Lines to show after each match.' })),
  before: Type.Optional(Type.Integer({ minimum: 0, description: 'Lines to show before each match.' })),
  no_ignore: Type.Optional(
    Type.Boolean({ description: 'Also search files .gitignore hides (default false).' }),
  ),
  max_matches_per_file: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The most matches to show per file.' }),
  ),
  total_max_matches: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The most matches to show (default 100).' }),
  ),
});

export type GrepSearchParameters = typeof parameters;

const DESCRIPTION =
  'Searches file contents for a regular expression with ripgrep and returns the matching lines, grouped by file, with their line numbers. Case-insensitive unless case_sensitive is set; narrow the search with dir_path and include_pattern.';

/** gemini-cli's `grep_search` (its ripgrep variant), over the shared search. */
export function createGrepSearchTool(): Tool<GrepSearchParameters> {
  return defineTool({
    name: 'grep_search',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const dir = args.dir_path ?? '.';
      const total = args.total_max_matches ?? GREP_SEARCH_DEFAULT_MAX_MATCHES;
      const filter = args.include_pattern ? ` (filter: "${args.include_pattern}")` : '';
      let exclude: RegExp | undefined;
      try {
        exclude = args.exclude_pattern ? new RegExp(args.exclude_pattern) : undefined;
      } catch (error) {
        return errorResult(`Invalid exclude_pattern: ${(error as Error).message}`);
      }
      try {
        const result = await grepSearch(env, {
          pattern: args.pattern,
          path: dir,
          ...(args.include_pattern ? { glob: args.include_pattern } : {}),
          caseInsensitive: !(args.case_sensitive ?? false),
          literal: args.fixed_strings ?? false,
          mode: args.names_only ? 'files_with_matches' : 'content',
          beforeContext: args.before ?? args.context ?? 0,
          afterContext: args.after ?? args.context ?? 0,
          maxResults: total,
          maxLineLength: MAX_LINE_CHARS,
          respectIgnoreFiles: !(args.no_ignore ?? false),
          signal,
        });
        const root = env.resolvePath(dir, 'read');
        const rootIsFile = (await env.stat(root))?.type === 'file';
        const relative = (file: GrepFile) =>
          rootIsFile ? posix.basename(file.absolutePath) : posix.relative(root, file.absolutePath);
        const limited = result.limitReached ? ` (results limited to ${total} matches for performance)` : '';
        if (args.names_only) {
          if (result.files.length === 0)
            return textResult(`No matches found for pattern "${args.pattern}" in path "${dir}"${filter}.`);
          const count = result.files.length;
          return textResult(
            `Found ${count} files with matches for pattern "${args.pattern}" in path "${dir}"${filter}${limited}:\n${result.files.map(relative).join('\n')}`,
          );
        }
        const blocks: string[] = [];
        let matches = 0;
        for (const file of result.files) {
          const lines = keptLines(file, exclude, args.max_matches_per_file);
          const shown = lines.filter((line) => line.isMatch).length;
          if (shown === 0) continue;
          matches += shown;
          blocks.push(
            [
              `File: ${relative(file)}`,
              ...lines.map((line) => `L${line.lineNumber}${line.isMatch ? ':' : '-'} ${line.text}`),
            ].join('\n'),
          );
        }
        if (matches === 0)
          return textResult(`No matches found for pattern "${args.pattern}" in path "${dir}"${filter}.`);
        const header = `Found ${matches} ${matches === 1 ? 'match' : 'matches'} for pattern "${args.pattern}" in path "${dir}"${filter}${limited}:`;
        return textResult(`${header}\n---\n${blocks.join('\n---\n')}\n---`.trim(), {
          matches,
          files: blocks.length,
        });
      } catch (error) {
        if (!isSearchError(error)) throw error;
        if (error.code === 'PATH_NOT_FOUND')
          return errorResult(`Path does not exist: ${env.resolvePath(dir, 'read')}`);
        return errorResult(error.message);
      }
    },
  });
}

/**
 * A file's lines after gemini-cli's filters: matching lines that also match `exclude` are left out
 * (with context lines no longer next to any match), and at most `perFile` matches are kept.
 */
function keptLines(
  file: GrepFile,
  exclude: RegExp | undefined,
  perFile: number | undefined,
): GrepFile['lines'] {
  let kept = file.lines.filter((line) => !(line.isMatch && exclude?.test(line.text)));
  if (perFile !== undefined) {
    let seen = 0;
    let cutAt = kept.length;
    for (const [index, line] of kept.entries()) {
      if (!line.isMatch) continue;
      seen++;
      if (seen > perFile) {
        cutAt = index;
        break;
      }
    }
    kept = kept.slice(0, cutAt);
  }
  return kept.some((line) => line.isMatch) ? kept : [];
}
