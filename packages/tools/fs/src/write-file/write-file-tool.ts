import { defineTool, type Static, Type, textResult } from '@weft/agent-core';
import { formatWriteFile } from './format-write-file.js';
import { type WriteFileResult, writeFile } from './write-file.js';

export const writeFileParameters = Type.Object(
  {
    file_path: Type.String({
      description: 'The file to write: absolute, or relative to the working directory.',
    }),
    content: Type.String({ description: 'The complete new content of the file.' }),
  },
  { additionalProperties: false },
);

export type WriteFileParameters = Static<typeof writeFileParameters>;

export type WriteFileDetails = WriteFileResult;

/** write_file with the loop spec's name and parameters. */
export function createWriteFileTool() {
  return defineTool<typeof writeFileParameters, WriteFileDetails>({
    name: 'write_file',
    description:
      'Write a whole file, creating it (and any missing folders) or replacing what it holds. Prefer edit_file for changing part of an existing file.',
    parameters: writeFileParameters,
    async execute(args, context) {
      const result = await writeFile(context.env, { path: args.file_path, content: args.content });
      return textResult(formatWriteFile(result), result);
    },
  });
}

export const writeFileTool = createWriteFileTool();
