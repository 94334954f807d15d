import { posix } from 'node:path';
import {
  type DirEntry,
  defineTool,
  type ExecutionEnvironment,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';
import { compileGlob } from '@weft/tools-search';
import { loadGeminiIgnore } from '../gemini-ignore.js';

const parameters = Type.Object({
  dir_path: Type.String({ description: 'The folder to list.' }),
  ignore: Type.Optional(Type.Array(Type.String(), { description: 'Globs of entry names to leave out.' })),
  file_filtering_options: Type.Optional(
    Type.Object({
      respect_git_ignore: Type.Optional(
        Type.Boolean({ description: 'Leave out what .gitignore hides (default true).' }),
      ),
      respect_gemini_ignore: Type.Optional(
        Type.Boolean({ description: 'Leave out what .geminiignore hides (default true).' }),
      ),
    }),
  ),
});

export type ListDirectoryParameters = typeof parameters;

/** gemini-cli's `list_directory`: folders first, then files with their sizes. */
export function createListDirectoryTool(): Tool<ListDirectoryParameters> {
  return defineTool({
    name: 'list_directory',
    description:
      'Lists the files and folders directly inside a folder: folders first (marked [DIR]), then files with their sizes, each group in alphabetical order.',
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const dir = env.resolvePath(args.dir_path, 'read');
      const entries = await env.listDirectory(dir, { depth: 1, signal });
      const ignoreGlobs = (args.ignore ?? []).map((glob) => compileGlob(glob));
      const gitIgnored =
        (args.file_filtering_options?.respect_git_ignore ?? true)
          ? await gitIgnoredNames(env, dir, entries)
          : new Set();
      const geminiIgnored =
        (args.file_filtering_options?.respect_gemini_ignore ?? true)
          ? await loadGeminiIgnore(env)
          : () => false;
      const shown: Array<{ name: string; isDir: boolean; size: number }> = [];
      let ignored = 0;
      for (const entry of entries) {
        const relative = posix.relative(env.workingDirectory, posix.join(dir, entry.name));
        if (
          ignoreGlobs.some((glob) => glob.test(entry.name)) ||
          gitIgnored.has(entry.name) ||
          (!relative.startsWith('..') && geminiIgnored(relative))
        ) {
          ignored++;
          continue;
        }
        shown.push(await describe(env, dir, entry));
      }
      if (shown.length === 0 && ignored === 0) return textResult(`Directory ${dir} is empty.`);
      shown.sort((a, b) => (a.isDir === b.isDir ? a.name.localeCompare(b.name) : a.isDir ? -1 : 1));
      const lines = shown.map((entry) =>
        entry.isDir ? `[DIR] ${entry.name}` : `${entry.name} (${entry.size} bytes)`,
      );
      return textResult(
        `Directory listing for ${dir}:\n${lines.join('\n')}${ignored > 0 ? `\n\n(${ignored} ignored)` : ''}`,
      );
    },
  });
}

/** A symbolic link is shown as what it points to, as gemini-cli (which follows links) shows it. */
async function describe(
  env: ExecutionEnvironment,
  dir: string,
  entry: DirEntry,
): Promise<{ name: string; isDir: boolean; size: number }> {
  if (entry.type !== 'symlink')
    return { name: entry.name, isDir: entry.type === 'directory', size: entry.size ?? 0 };
  const target = await env.stat(posix.join(dir, entry.name));
  return { name: entry.name, isDir: target?.type === 'directory', size: target?.size ?? 0 };
}

/** The entries git ignores (none outside a repository, or without git). */
async function gitIgnoredNames(
  env: ExecutionEnvironment,
  dir: string,
  entries: DirEntry[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  try {
    const result = await env.execFile('git', ['check-ignore', '--', ...entries.map((entry) => entry.name)], {
      cwd: dir,
      timeoutMs: 10_000,
    });
    // Exit 0: some are ignored (listed); 1: none; anything else: not a repository.
    if (result.exitCode !== 0) return new Set();
    return new Set(result.stdout.split('\n').filter((line) => line.length > 0));
  } catch {
    return new Set();
  }
}
