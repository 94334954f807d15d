import { defineTool, formatSize, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { FsToolError, type ReadTextResult, readFile } from '@weft/tools-fs';
import { fsFailure, toolUseError } from '../tool-use-error.js';

/** A whole-file read (no `limit`) of a file larger than this is refused (Claude Code: 256 KB). */
export const READ_MAX_FILE_BYTES = 256 * 1024;
/** The most a read returns, in tokens (Claude Code: 25 000), estimated as characters / 4. */
export const READ_MAX_OUTPUT_TOKENS = 25_000;
const READ_MAX_OUTPUT_CHARS = READ_MAX_OUTPUT_TOKENS * 4;

const parameters = Type.Object(
  {
    file_path: Type.String({ description: 'The absolute path of the file to read.' }),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'The line to start reading from, counting from 1. Use it with limit for large files.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        exclusiveMinimum: 0,
        description: 'How many lines to read. Leave it out to read the whole file.',
      }),
    ),
    pages: Type.Optional(
      Type.String({ description: 'For PDF files only: the pages to read, such as "1-5" or "3".' }),
    ),
  },
  { additionalProperties: false },
);

export type ReadParameters = typeof parameters;

const DESCRIPTION = `Reads a file from the local filesystem and returns its lines numbered from 1, one per line as the line number, a tab, then the text.
- file_path must be an absolute path.
- Without limit the whole file is read; files over 256KB must be read in parts with offset and limit.
- Output is capped at about 25000 tokens; a larger whole-file read returns its first part with a note.
- Images (PNG, JPEG, GIF, WebP) are returned as images.
- Read a file before you edit it, and read several files in one turn when you need them all.
- To list a folder use Bash with ls; Read works on files only.`;

/** Claude Code's `Read`: numbered lines as `N<TAB>text`, with its size caps and special results. */
export function createReadTool(): Tool<ReadParameters> {
  return defineTool({
    name: 'Read',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const cwd = env.workingDirectory;
      if (/\.pdf$/i.test(args.file_path)) {
        return toolUseError(
          'Reading PDF files is not supported here. Convert the file to text with Bash (for example pdftotext file.pdf -) and read that.',
        );
      }
      const stat = await env.stat(args.file_path).catch(() => undefined);
      if (args.limit === undefined && stat?.type === 'file' && stat.size > READ_MAX_FILE_BYTES) {
        return toolUseError(
          `File content (${formatSize(stat.size)}) exceeds maximum allowed size (256KB). Read it in parts with offset and limit, or use Grep to find the lines you need.`,
        );
      }
      const offset = Math.max(1, args.offset ?? 1);
      let result: Awaited<ReturnType<typeof readFile>>;
      try {
        result = await readFile(env, {
          path: args.file_path,
          offset,
          ...(args.limit === undefined ? {} : { limit: args.limit }),
          maxLines: Number.MAX_SAFE_INTEGER,
          maxBytes: READ_MAX_OUTPUT_CHARS,
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (error instanceof FsToolError && error.code === 'OFFSET_BEYOND_END') {
          // Claude Code answers this as a warning for the model, not as a refused call.
          return textResult(offsetWarning(error.details?.totalLines ?? 0, offset));
        }
        return fsFailure(error, cwd, (failure) =>
          failure.code === 'BINARY_FILE'
            ? `This tool cannot read binary files: ${args.file_path} is not text. Inspect it with Bash (for example file or xxd | head).`
            : undefined,
        );
      }
      if (result.kind === 'image') {
        return { content: [{ type: 'image', data: result.data, mediaType: result.mediaType }] };
      }
      return formatText(result, args.limit !== undefined);
    },
  });
}

const EMPTY_FILE = reminder('Warning: the file exists but the contents are empty.');

function reminder(text: string): string {
  return `<system-reminder>${text}</system-reminder>`;
}

function offsetWarning(totalLines: number, offset: number): string {
  if (totalLines === 0) return EMPTY_FILE;
  return reminder(
    `Warning: the file exists but is shorter than the provided offset (${offset}). The file has ${totalLines} lines.`,
  );
}

function formatText(result: ReadTextResult, hasLimit: boolean): ToolResult {
  if (result.totalLines === 0) return textResult(EMPTY_FILE);
  const tokens = Math.ceil(result.fileBytes / 4);
  if (result.oversizedLine || (result.stoppedBy === 'bytes' && hasLimit)) {
    const estimate = result.oversizedLine ? Math.ceil(result.oversizedLine.bytes / 4) : undefined;
    const size = estimate === undefined ? 'more than 25000 tokens' : `${estimate} tokens`;
    return toolUseError(
      `File content (${size}) exceeds maximum allowed tokens (${READ_MAX_OUTPUT_TOKENS}). Read fewer lines with offset and limit, or use Grep to find what you need.`,
    );
  }
  const body = result.lines.map((line, index) => `${result.startLine + index}\t${line}`).join('\n');
  if (result.stoppedBy === 'bytes') {
    const note = `[Truncated: PARTIAL view — showing lines ${result.startLine}-${result.endLine} of ${result.totalLines} total (${tokens} tokens, cap ${READ_MAX_OUTPUT_TOKENS}). Read the rest with offset=${result.endLine + 1} and a limit.]`;
    return textResult(`${reminder(note)}\n${body}`);
  }
  return textResult(body);
}
