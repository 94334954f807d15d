import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { FsToolError, readFile } from '@weft/tools-fs';
import { indentationBlock } from './indentation-block.js';

/** codex's read_file defaults and per-line cap. */
export const READ_FILE_DEFAULT_LIMIT = 2000;
const MAX_LINE_BYTES = 500;
/** Bytes read at most per call, so a huge file is never loaded whole. */
const MAX_READ_BYTES = 16 * 1024 * 1024;

const parameters = Type.Object(
  {
    file_path: Type.String({ description: 'The absolute path of the file.' }),
    offset: Type.Optional(Type.Number({ description: 'The line to start at, counting from 1 (default 1).' })),
    limit: Type.Optional(Type.Number({ description: 'The most lines to return (default 2000).' })),
    mode: Type.Optional(
      Type.String({
        description:
          '"slice" (default) reads lines from offset; "indentation" reads the code block around a line.',
      }),
    ),
    indentation: Type.Optional(
      Type.Object(
        {
          anchor_line: Type.Optional(
            Type.Number({ description: 'The line whose block to show (default: offset).' }),
          ),
          max_levels: Type.Optional(
            Type.Number({ description: 'Enclosing levels to include (default 0: up to the outermost).' }),
          ),
          include_siblings: Type.Optional(
            Type.Boolean({
              description: 'Also show the following blocks at the same level (default false).',
            }),
          ),
          include_header: Type.Optional(
            Type.Boolean({
              description: 'Also show comments and decorators above the block (default true).',
            }),
          ),
          max_lines: Type.Optional(Type.Number({ description: 'The most lines to show (default: limit).' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type ReadFileParameters = typeof parameters;

/**
 * codex's `read_file` (an experimental tool codex offered some models until March 2026): lines
 * as `L<n>: <text>`, each cut to 500 bytes, from a slice or from the indentation block around a
 * line.
 */
export function createReadFileTool(): Tool<ReadFileParameters> {
  return defineTool({
    name: 'read_file',
    description:
      'Reads a file and returns its lines as "L<number>: <text>". mode "slice" reads limit lines from offset; mode "indentation" reads the block of code around indentation.anchor_line (a function, a class), judged by indentation.',
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const offset = args.offset ?? 1;
      const limit = args.limit ?? READ_FILE_DEFAULT_LIMIT;
      const mode = args.mode ?? 'slice';
      if (offset < 1) return errorResult('offset must be a 1-indexed line number');
      if (limit <= 0) return errorResult('limit must be greater than zero');
      if (!args.file_path.startsWith('/')) return errorResult('file_path must be an absolute path');
      if (mode !== 'slice' && mode !== 'indentation') {
        return errorResult(`mode must be "slice" or "indentation", got "${mode}"`);
      }
      try {
        if (mode === 'slice') {
          const read = await readText(env, args.file_path, signal, Math.floor(offset), Math.floor(limit));
          if (read.lines.length === 0) return errorResult('offset exceeds file length');
          return textResult(numbered(read.lines, read.startLine));
        }
        const whole = await readText(env, args.file_path, signal, 1, Number.MAX_SAFE_INTEGER);
        const anchor = Math.floor(args.indentation?.anchor_line ?? offset);
        if (anchor > whole.lines.length) return errorResult('anchor_line exceeds file length');
        const block = indentationBlock(whole.lines, {
          anchorLine: anchor,
          maxLevels: Math.max(0, Math.floor(args.indentation?.max_levels ?? 0)),
          includeSiblings: args.indentation?.include_siblings ?? false,
          includeHeader: args.indentation?.include_header ?? true,
          maxLines: Math.max(1, Math.floor(args.indentation?.max_lines ?? limit)),
        });
        return textResult(numbered(whole.lines.slice(block.start - 1, block.end), block.start));
      } catch (error) {
        if (error instanceof FsToolError && error.code === 'OFFSET_BEYOND_END') {
          return errorResult('offset exceeds file length');
        }
        if (error instanceof FsToolError) return errorResult(`failed to read file: ${error.message}`);
        throw error;
      }
    },
  });
}

async function readText(
  env: Parameters<typeof readFile>[0],
  path: string,
  signal: AbortSignal,
  offset: number,
  limit: number,
): Promise<{ lines: string[]; startLine: number }> {
  const result = await readFile(env, {
    path,
    offset,
    limit,
    maxLines: limit,
    maxBytes: MAX_READ_BYTES,
    signal,
  });
  if (result.kind === 'image') {
    throw new FsToolError(`${path} is an image, not text; use view_image to look at it.`, {
      code: 'BINARY_FILE',
      path,
    });
  }
  return { lines: result.lines, startLine: result.startLine };
}

function numbered(lines: readonly string[], startLine: number): string {
  return lines.map((line, index) => `L${startLine + index}: ${capBytes(line)}`).join('\n');
}

function capBytes(line: string): string {
  const bytes = Buffer.from(line);
  if (bytes.length <= MAX_LINE_BYTES) return line;
  return bytes
    .subarray(0, MAX_LINE_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
