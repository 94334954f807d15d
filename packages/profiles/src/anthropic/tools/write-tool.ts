import { defineTool, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { writeFile } from '@weft/tools-fs';
import { fsFailure } from '../tool-use-error.js';

const parameters = Type.Object(
  {
    file_path: Type.String({ description: 'The absolute path of the file to write (not a relative path).' }),
    content: Type.String({ description: 'The complete content to write to the file.' }),
  },
  { additionalProperties: false },
);

export type WriteParameters = typeof parameters;

const DESCRIPTION = `Writes a file to the local filesystem, replacing it if it exists.
- file_path must be an absolute path; missing folders are created.
- For a file that exists, Read it first and prefer Edit: Edit changes only what needs to change.
- Create new files only when the task needs them; never write documentation or README files unless asked.`;

/** Claude Code's `Write`: the whole file, with its two confirmations. */
export function createWriteTool(): Tool<WriteParameters> {
  return defineTool({
    name: 'Write',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env }): Promise<ToolResult> {
      try {
        const result = await writeFile(env, { path: args.file_path, content: args.content });
        return textResult(
          result.created
            ? `File created successfully at: ${result.absolutePath}`
            : `The file ${result.absolutePath} has been updated successfully.`,
          result,
        );
      } catch (error) {
        return fsFailure(error, env.workingDirectory);
      }
    },
  });
}
