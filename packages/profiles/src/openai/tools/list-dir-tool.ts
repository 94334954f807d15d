import {
  type DirEntry,
  defineTool,
  errorResult,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';

/** codex's list_dir defaults, and the byte cap on a shown name. */
export const LIST_DIR_DEFAULT_LIMIT = 25;
export const LIST_DIR_DEFAULT_DEPTH = 2;
const MAX_NAME_BYTES = 500;

const parameters = Type.Object(
  {
    dir_path: Type.String({ description: 'The absolute path of the folder to list.' }),
    offset: Type.Optional(
      Type.Number({ description: 'The entry to start from, counting from 1 (default 1).' }),
    ),
    limit: Type.Optional(Type.Number({ description: 'How many entries to show (default 25).' })),
    depth: Type.Optional(Type.Number({ description: 'How many levels of folders to go into (default 2).' })),
  },
  { additionalProperties: false },
);

export type ListDirParameters = typeof parameters;

/**
 * codex's `list_dir`: `Absolute path: <dir>`, then the entries sorted by their path below the
 * folder, each indented two spaces per level, folders marked `/`, symbolic links `@`, other
 * special files `?`; `More than N entries found` when more are left.
 */
export function createListDirTool(): Tool<ListDirParameters> {
  return defineTool({
    name: 'list_dir',
    description:
      'Lists the entries of a folder and its subfolders (two levels by default), with folders marked "/" and links "@". Page through large folders with offset and limit.',
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const offset = args.offset ?? 1;
      const limit = args.limit ?? LIST_DIR_DEFAULT_LIMIT;
      const depth = args.depth ?? LIST_DIR_DEFAULT_DEPTH;
      if (offset < 1) return errorResult('offset must be a 1-indexed entry number');
      if (limit <= 0) return errorResult('limit must be greater than zero');
      if (depth <= 0) return errorResult('depth must be greater than zero');
      if (!args.dir_path.startsWith('/')) return errorResult('dir_path must be an absolute path');

      const entries = await env.listDirectory(args.dir_path, { depth: Math.floor(depth), signal });
      // codex compares the relative paths as byte strings.
      entries.sort((a, b) => compareBytes(a.name, b.name));
      const start = Math.floor(offset) - 1;
      if (entries.length > 0 && start >= entries.length) {
        return errorResult('offset exceeds directory entry count');
      }
      const end = Math.min(start + Math.floor(limit), entries.length);
      const lines = [`Absolute path: ${env.resolvePath(args.dir_path, 'read')}`];
      for (const entry of entries.slice(start, end)) lines.push(formatEntry(entry));
      if (end < entries.length) lines.push(`More than ${Math.floor(limit)} entries found`);
      return textResult(lines.join('\n'), { total: entries.length, shown: end - start });
    },
  });
}

function formatEntry(entry: DirEntry): string {
  const segments = entry.name.split('/');
  const name = truncateBytes(segments[segments.length - 1] ?? entry.name, MAX_NAME_BYTES);
  const suffix =
    entry.type === 'directory' ? '/' : entry.type === 'symlink' ? '@' : entry.type === 'other' ? '?' : '';
  return `${'  '.repeat(segments.length - 1)}${name}${suffix}`;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function truncateBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= maxBytes) return text;
  // Decoding a cut at a byte count may leave half a character: drop it.
  return bytes
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
