import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import {
  compileGlob,
  type GrepFile,
  type GrepResult,
  grepSearch,
  isSearchError,
  SearchError,
} from '@weft/tools-search';
import { stringEnum } from '../../shared/schema.js';
import { toolUseError } from '../tool-use-error.js';
import { ripgrepTypeGlobs } from './ripgrep-types.js';

/** Claude Code's default `head_limit`. */
export const GREP_DEFAULT_HEAD_LIMIT = 250;
/** Asking ripgrep for "everything" still needs a number. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

const parameters = Type.Object(
  {
    pattern: Type.String({ description: 'The regular expression to search for (ripgrep syntax).' }),
    path: Type.Optional(
      Type.String({ description: 'The file or folder to search. Default: the working directory.' }),
    ),
    glob: Type.Optional(
      Type.String({ description: 'Only search files matching this glob, such as "*.js" or "*.{ts,tsx}".' }),
    ),
    output_mode: Type.Optional(
      stringEnum(['content', 'files_with_matches', 'count'], {
        description:
          '"content" shows matching lines, "files_with_matches" the files (default), "count" the number of matches per file.',
      }),
    ),
    '-B': Type.Optional(Type.Number({ description: 'Lines to show before each match (content mode).' })),
    '-A': Type.Optional(Type.Number({ description: 'Lines to show after each match (content mode).' })),
    '-C': Type.Optional(
      Type.Number({ description: 'Lines to show before and after each match (content mode).' }),
    ),
    context: Type.Optional(Type.Number({ description: 'Same as -C; wins over -C, -A and -B.' })),
    '-n': Type.Optional(Type.Boolean({ description: 'Show line numbers (content mode). Default true.' })),
    '-i': Type.Optional(Type.Boolean({ description: 'Ignore case.' })),
    type: Type.Optional(
      Type.String({ description: 'Only search files of this ripgrep type, such as js, py or rust.' }),
    ),
    head_limit: Type.Optional(
      Type.Number({
        description: 'Show at most this many lines, files or counts (default 250; 0 for no limit).',
      }),
    ),
    offset: Type.Optional(
      Type.Number({ description: 'Skip this many lines, files or counts first (default 0).' }),
    ),
  },
  { additionalProperties: false },
);

export type GrepParameters = typeof parameters;

const DESCRIPTION = `Searches file contents with ripgrep.
- Use it for every content search; do not run grep or rg through Bash.
- pattern is a ripgrep regular expression: escape braces and other special characters to match them literally (interface\\{\\} for interface{}).
- Filter files with glob ("*.ts") or type ("py").
- output_mode: "files_with_matches" (default) lists matching files, newest first; "content" shows matching lines (with -A/-B/-C context and -n line numbers); "count" gives matches per file.
- Results are limited by head_limit (250 by default; 0 for all) and can be paged with offset.`;

/** Claude Code's `Grep`, over the shared ripgrep search. */
export function createGrepTool(): Tool<GrepParameters> {
  return defineTool({
    name: 'Grep',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const mode = args.output_mode ?? 'files_with_matches';
      const headLimit = Math.max(0, Math.floor(args.head_limit ?? GREP_DEFAULT_HEAD_LIMIT));
      const offset = Math.max(0, Math.floor(args.offset ?? 0));
      const before = args.context ?? args['-C'] ?? args['-B'] ?? 0;
      const after = args.context ?? args['-C'] ?? args['-A'] ?? 0;
      const userGlobs = args.glob === undefined ? [] : splitGlobs(args.glob);
      try {
        const typeGlobs = args.type === undefined ? [] : await ripgrepTypeGlobs(env, args.type);
        // ripgrep ANDs --glob and --type; the search takes one list it ORs, so a type alongside
        // a glob filters the results afterwards.
        const searchGlobs = userGlobs.length > 0 ? userGlobs : typeGlobs;
        const result = await grepSearch(env, {
          pattern: args.pattern,
          ...(args.path === undefined ? {} : { path: args.path }),
          ...(searchGlobs.length > 0 ? { glob: searchGlobs } : {}),
          caseInsensitive: args['-i'] ?? false,
          mode,
          beforeContext: mode === 'content' ? Math.max(0, Math.floor(before)) : 0,
          afterContext: mode === 'content' ? Math.max(0, Math.floor(after)) : 0,
          maxResults: headLimit === 0 ? UNLIMITED : offset + headLimit + 1,
          order: mode === 'files_with_matches' ? 'modified' : 'path',
          signal,
        });
        if (userGlobs.length > 0 && typeGlobs.length > 0) result.files = keepType(result.files, typeGlobs);
        const singleFile = (await env.stat(args.path ?? '.'))?.type === 'file';
        return textResult(render(result, { headLimit, offset, showNumbers: args['-n'] ?? true, singleFile }));
      } catch (error) {
        return searchFailure(error, args.path ?? '.', env.workingDirectory);
      }
    },
  });
}

/** Claude Code splits `glob` on commas and spaces but keeps brace groups whole. */
export function splitGlobs(glob: string): string[] {
  const globs: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of glob) {
    if (char === '{') depth++;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === ',' || char === ' ')) {
      if (current) globs.push(current);
      current = '';
    } else current += char;
  }
  if (current) globs.push(current);
  return globs;
}

function keepType(files: GrepFile[], typeGlobs: string[]): GrepFile[] {
  const compiled = typeGlobs.map((glob) => compileGlob(glob));
  return files.filter((file) => compiled.some((glob) => glob.test(file.path.split('/').pop() ?? file.path)));
}

interface RenderOptions {
  headLimit: number;
  offset: number;
  showNumbers: boolean;
  singleFile: boolean;
}

function render(result: GrepResult, options: RenderOptions): string {
  const { headLimit, offset } = options;
  const page = <T>(entries: T[]): { shown: T[]; limited: boolean } => {
    const end = headLimit === 0 ? entries.length : offset + headLimit;
    return { shown: entries.slice(offset, end), limited: entries.length > end || result.limitReached };
  };
  const pagination = (limited: boolean): string | undefined => {
    const parts = [...(limited ? [`limit: ${headLimit}`] : []), ...(offset > 0 ? [`offset: ${offset}`] : [])];
    return parts.length > 0 ? parts.join(', ') : undefined;
  };

  if (result.mode === 'files_with_matches') {
    const { shown, limited } = page(result.files.map((file) => file.path));
    if (shown.length === 0) return 'No files found';
    const info = pagination(limited);
    return `Found ${shown.length} ${shown.length === 1 ? 'file' : 'files'}${info ? ` ${info}` : ''}\n${shown.join('\n')}`;
  }
  if (result.mode === 'count') {
    const { shown, limited } = page(result.files);
    if (shown.length === 0) return 'No matches found';
    const total = shown.reduce((sum, file) => sum + (file.matchCount ?? 0), 0);
    const info = pagination(limited);
    const lines = shown.map((file) => `${file.path}:${file.matchCount ?? 0}`).join('\n');
    return `${lines}\n\nFound ${total} total ${total === 1 ? 'occurrence' : 'occurrences'} across ${shown.length} ${shown.length === 1 ? 'file' : 'files'}.${info ? ` with pagination = ${info}` : ''}`;
  }
  const { shown, limited } = page(contentLines(result, options));
  if (shown.length === 0) return 'No matches found';
  const info = pagination(limited);
  return `${shown.join('\n')}${info ? `\n\n[Showing results with pagination = ${info}]` : ''}`;
}

/** ripgrep's own lines: `path:12:text` for matches, `path-13-text` for context, `--` between groups. */
function contentLines(result: GrepResult, options: RenderOptions): string[] {
  const withContext = result.beforeContext + result.afterContext > 0;
  const lines: string[] = [];
  for (const file of result.files) {
    if (file.binary) {
      lines.push(`${options.singleFile ? '' : `${file.path}: `}binary file matches`);
      continue;
    }
    let previous: number | undefined;
    for (const line of file.lines) {
      if (withContext && lines.length > 0 && previous !== line.lineNumber - 1) lines.push('--');
      const separator = line.isMatch ? ':' : '-';
      const prefix = `${options.singleFile ? '' : `${file.path}${separator}`}${
        options.showNumbers ? `${line.lineNumber}${separator}` : ''
      }`;
      lines.push(`${prefix}${line.text}`);
      previous = line.lineNumber;
    }
  }
  return lines;
}

function searchFailure(error: unknown, path: string, workingDirectory: string): ToolResult {
  if (!isSearchError(error)) throw error;
  switch (error.code) {
    case 'PATH_NOT_FOUND':
    case 'NOT_A_DIRECTORY':
      return toolUseError(
        `Path does not exist: ${path}. Note: your current working directory is ${workingDirectory}.`,
      );
    case 'INVALID_PATTERN':
      return errorResult(
        `${error.message}\nEscape special characters such as ( ) [ ] { } . * + ? | with a backslash to match them literally.`,
      );
    case 'INVALID_GLOB':
      return errorResult(`Invalid glob: ${error.detail ?? error.message}`);
    case 'ABORTED':
      return errorResult('Grep was aborted before it finished.');
    default:
      return errorResult(error instanceof SearchError ? error.message : String(error));
  }
}
