import { defineTool, type Static, Type, textResult } from '@weft/agent-core';
import { type EditFileResult, editFile } from './edit-file.js';
import { formatEditFile } from './format-edit-file.js';

export const editFileParameters = Type.Object(
  {
    file_path: Type.String({
      description: 'The file to change: absolute, or relative to the working directory.',
    }),
    old_string: Type.String({
      description:
        'The text to replace, copied from the file with enough surrounding lines to be unique. "" creates a missing file (or fills an empty one) with new_string.',
    }),
    new_string: Type.String({ description: 'The text to put in its place.' }),
    replace_all: Type.Optional(
      Type.Boolean({ default: false, description: 'Replace every occurrence of old_string. Default false.' }),
    ),
  },
  { additionalProperties: false },
);

export type EditFileParameters = Static<typeof editFileParameters>;

export type EditFileDetails = EditFileResult;

/** edit_file with the loop spec's name and parameters. */
export function createEditFileTool() {
  return defineTool<typeof editFileParameters, EditFileDetails>({
    name: 'edit_file',
    description:
      'Replace text in a file. old_string must match the file (whitespace at line ends, quote and dash styles are forgiven) and be unique unless replace_all is true. Line endings, byte-order mark and the rest of the file are kept. Read the file first so old_string is current.',
    parameters: editFileParameters,
    async execute(args, context) {
      const result = await editFile(context.env, {
        path: args.file_path,
        oldString: args.old_string,
        newString: args.new_string,
        replaceAll: args.replace_all ?? false,
      });
      return textResult(formatEditFile(result), result);
    },
  });
}

export const editFileTool = createEditFileTool();
