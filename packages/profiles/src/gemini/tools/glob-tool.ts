import { posix } from 'node:path';
import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { globFiles, isSearchError } from '@weft/tools-search';
import { loadGeminiIgnore } from '../gemini-ignore.js';

/** Files modified within this window are listed first, newest first (gemini-cli's rule). */
const RECENT_MS = 24 * 60 * 60 * 1000;
const SEARCH_CEILING = 100_000;

const parameters = Type.Object({
  pattern: Type.String({ description: 'The glob to match, such as "**/*.py" or "docs/*.md".' }),
  dir_path: Type.Optional(Type.String({ description: 'The folder to search (default: the project root).' })),
  case_sensitive: Type.Optional(Type.Boolean({ description: 'Match case exactly (default false).' })),
  respect_git_ignore: Type.Optional(
    Type.Boolean({ description: 'Leave out files .gitignore hides (default true).' }),
  ),
  respect_gemini_ignore: Type.Optional(
    Type.Boolean({ description: 'Leave out files .geminiignore hides (default true).' }),
  ),
});

export type GeminiGlobParameters = typeof parameters;

/** gemini-cli's `glob`: absolute paths, recently changed files first. */
export function createGeminiGlobTool(): Tool<GeminiGlobParameters> {
  return defineTool({
    name: 'glob',
    description:
      'Finds files whose paths match a glob pattern and returns their absolute paths: files changed in the last 24 hours first (newest first), then the rest in alphabetical order.',
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const dir = env.resolvePath(args.dir_path ?? '.', 'read');
      try {
        const result = await globFiles(env, {
          pattern: args.pattern,
          path: dir,
          maxResults: SEARCH_CEILING,
          order: 'modified',
          caseInsensitive: !(args.case_sensitive ?? false),
          respectIgnoreFiles: args.respect_git_ignore ?? true,
          signal,
        });
        let files = result.files.map((file) => file.absolutePath);
        let ignored = 0;
        if (args.respect_gemini_ignore ?? true) {
          const isIgnored = await loadGeminiIgnore(env);
          const kept = files.filter((file) => !isIgnored(posix.relative(env.workingDirectory, file)));
          ignored = files.length - kept.length;
          files = kept;
        }
        if (files.length === 0)
          return textResult(`No files found matching pattern "${args.pattern}" within ${dir}`);
        const sorted = await recentFirst(env, files);
        const note = ignored > 0 ? ` (${ignored} additional files were ignored)` : '';
        return textResult(
          `Found ${sorted.length} file(s) matching "${args.pattern}" within ${dir}${note}, sorted by modification time (newest first):\n${sorted.join('\n')}`,
        );
      } catch (error) {
        if (isSearchError(error, 'PATH_NOT_FOUND', 'NOT_A_DIRECTORY')) {
          return errorResult(`Path is not a valid directory: ${dir}`);
        }
        throw error;
      }
    },
  });
}

/**
 * `files` arrive newest first, so the recent ones are a prefix: only those (and the first older
 * one) need a stat. The older ones go after them alphabetically.
 */
async function recentFirst(env: Parameters<typeof globFiles>[0], files: string[]): Promise<string[]> {
  const cutoff = Date.now() - RECENT_MS;
  let recent = 0;
  while (recent < files.length) {
    const stat = await env.stat(files[recent]!);
    if (!stat || stat.mtimeMs < cutoff) break;
    recent++;
  }
  const older = files.slice(recent).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...files.slice(0, recent), ...older];
}
