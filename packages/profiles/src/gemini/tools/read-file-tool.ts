import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { FsToolError, readFile } from '@weft/tools-fs';
import { toDisplayPath } from '@weft/tools-search';

/** gemini-cli's read window and line cap. */
export const READ_FILE_MAX_LINES = 2000;
export const READ_FILE_MAX_LINE_CHARS = 2000;
/** gemini-cli refuses files over 20 MB. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const parameters = Type.Object({
  file_path: Type.String({ description: 'The file to read; relative paths start at the project root.' }),
  start_line: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The first line to read, counting from 1.' }),
  ),
  end_line: Type.Optional(Type.Integer({ minimum: 1, description: 'The last line to read (inclusive).' })),
});

export type GeminiReadFileParameters = typeof parameters;

const DESCRIPTION =
  'Reads a file and returns its text as it is, without line numbers; images come back as images. Reads at most 2000 lines at a time (lines longer than 2000 characters are cut); use start_line and end_line to read a specific range of a large file.';

/** gemini-cli's `read_file`: raw text, a 2000-line window, and its truncation notice. */
export function createGeminiReadFileTool(): Tool<GeminiReadFileParameters> {
  return defineTool({
    name: 'read_file',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const start = args.start_line ?? 1;
      if (args.end_line !== undefined && start > args.end_line) {
        return errorResult(`start_line (${start}) cannot be greater than end_line (${args.end_line}).`);
      }
      const limit = args.end_line === undefined ? READ_FILE_MAX_LINES : args.end_line - start + 1;
      const absolute = env.resolvePath(args.file_path, 'read');
      const stat = await env.stat(absolute);
      if (!stat) return errorResult(`File not found: ${absolute}`);
      if (stat.type === 'directory') return errorResult(`Path is a directory, not a file: ${absolute}`);
      if (stat.size > MAX_FILE_BYTES) {
        return errorResult(
          `File size exceeds the 20MB limit: ${absolute} (${(stat.size / 1024 / 1024).toFixed(2)}MB)`,
        );
      }
      try {
        const result = await readFile(env, {
          path: absolute,
          offset: start,
          limit,
          maxLines: limit,
          maxBytes: MAX_FILE_BYTES,
          signal,
        });
        if (result.kind === 'image') {
          return { content: [{ type: 'image', data: result.data, mediaType: result.mediaType }] };
        }
        let shortened = false;
        const lines = result.lines.map((line) => {
          if (line.length <= READ_FILE_MAX_LINE_CHARS) return line;
          shortened = true;
          return `${line.slice(0, READ_FILE_MAX_LINE_CHARS)}... [truncated]`;
        });
        const content = lines.join('\n');
        const partial = result.startLine > 1 || result.endLine < result.totalLines;
        if (!partial && !shortened) return textResult(content);
        const status = partial
          ? `Showing lines ${result.startLine}-${result.endLine} of ${result.totalLines} total lines.`
          : `Showing all ${result.totalLines} lines; some were longer than ${READ_FILE_MAX_LINE_CHARS} characters and were cut.`;
        const action = partial
          ? `To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${result.endLine + 1}.`
          : 'To see a cut line whole, use run_shell_command with a command that prints just that part of the file.';
        return textResult(
          `\nIMPORTANT: The file content has been truncated.\nStatus: ${status}\nAction: ${action}\n\n--- FILE CONTENT (truncated) ---\n${content}`,
        );
      } catch (error) {
        if (error instanceof FsToolError && error.code === 'BINARY_FILE') {
          return textResult(
            `Cannot display content of binary file: ${toDisplayPath(absolute, env.workingDirectory)}`,
          );
        }
        if (error instanceof FsToolError && error.code === 'OFFSET_BEYOND_END') {
          const total = error.details?.totalLines ?? 0;
          return errorResult(
            `start_line ${start} is beyond the end of the file (${total} lines): ${absolute}`,
          );
        }
        throw error;
      }
    },
  });
}
