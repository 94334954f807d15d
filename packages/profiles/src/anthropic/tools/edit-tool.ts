import { defineTool, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { editFile } from '@weft/tools-fs';
import { fsFailure, toolUseError } from '../tool-use-error.js';

const parameters = Type.Object(
  {
    file_path: Type.String({ description: 'The absolute path of the file to change.' }),
    old_string: Type.String({ description: 'The exact text to replace.' }),
    new_string: Type.String({ description: 'The text to put in its place (must differ from old_string).' }),
    replace_all: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Replace every occurrence of old_string (default false).',
      }),
    ),
  },
  { additionalProperties: false },
);

export type EditParameters = typeof parameters;

const DESCRIPTION = `Replaces exact text in a file.
- Read the file first; copy old_string from what Read showed, without the line-number prefix (the number and the tab before each line are not part of the file).
- Keep the indentation exactly as it is in the file.
- old_string must occur exactly once unless replace_all is true; if it occurs more often, include more surrounding lines to make it unique.
- replace_all replaces every occurrence, for example to rename a variable throughout a file.
- An empty old_string creates the file with new_string as its content (only when it does not exist yet).
- Prefer editing existing files over writing new ones.`;

/** Claude Code's `Edit`: exact replacement with its confirmations and refusals. */
export function createEditTool(): Tool<EditParameters> {
  return defineTool({
    name: 'Edit',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env }): Promise<ToolResult> {
      const { file_path: path, old_string: oldString, new_string: newString } = args;
      const replaceAll = args.replace_all ?? false;
      if (oldString === newString) {
        return toolUseError('No changes to make: old_string and new_string are exactly the same.');
      }
      if (oldString === '' && (await env.stat(path).catch(() => undefined))?.size) {
        return toolUseError('Cannot create new file - file already exists.');
      }
      try {
        const result = await editFile(env, { path, oldString, newString, replaceAll });
        return textResult(
          replaceAll
            ? `The file ${result.absolutePath} has been updated. All occurrences were successfully replaced.`
            : `The file ${result.absolutePath} has been updated successfully.`,
          result,
        );
      } catch (error) {
        return fsFailure(error, env.workingDirectory, (failure) => {
          switch (failure.code) {
            case 'TEXT_NOT_FOUND':
              return `String to replace not found in file.\nString: ${oldString}`;
            case 'MULTIPLE_MATCHES':
              return `Found ${failure.details?.occurrences ?? 'several'} matches of the string to replace, but replace_all is false. Set replace_all to true to replace them all, or add surrounding lines to old_string so that it matches one place only.\nString: ${oldString}`;
            case 'NO_CHANGE':
              return 'No changes to make: old_string and new_string are exactly the same.';
            case 'EMPTY_OLD_STRING':
              return 'Cannot create new file - file already exists.';
            default:
              return undefined;
          }
        });
      }
    },
  });
}
