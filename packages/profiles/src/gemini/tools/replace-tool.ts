import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { editFile, FsToolError } from '@weft/tools-fs';
import { updatedCodeSnippet } from '../code-snippet.js';

const parameters = Type.Object({
  file_path: Type.String({ description: 'The file to change; relative paths start at the project root.' }),
  instruction: Type.String({
    description: 'What this change does and why, in a sentence ("Rename the retry counter to attempts").',
  }),
  old_string: Type.String({
    description:
      'The exact text to replace, with at least three lines of context around the change; empty to create a new file.',
  }),
  new_string: Type.String({ description: 'The text to put in its place.' }),
  allow_multiple: Type.Optional(
    Type.Boolean({ description: 'Replace every occurrence (default false: exactly one must match).' }),
  ),
});

export type ReplaceParameters = typeof parameters;

const DESCRIPTION = `Replaces text in a file.
- old_string must match the file exactly, including whitespace and indentation; include at least three lines around the change so it matches one place.
- Without allow_multiple exactly one occurrence must match; set allow_multiple to replace them all.
- An empty old_string creates a new file with new_string as its content (the file must not exist).
- Read the file first, and describe the change in instruction.`;

/** gemini-cli's `replace`: literal replacement with its confirmations and refusals. */
export function createReplaceTool(): Tool<ReplaceParameters> {
  return defineTool({
    name: 'replace',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env }): Promise<ToolResult> {
      const absolute = env.resolvePath(args.file_path, 'write');
      const exists = (await env.stat(absolute)) !== undefined;
      if (args.old_string === '') {
        if (exists) {
          return errorResult(
            `Failed to edit. Attempted to create a file that already exists: ${absolute}. Use a non-empty old_string to change it.`,
          );
        }
        await editFile(env, { path: absolute, oldString: '', newString: args.new_string });
        return textResult(`Created new file: ${absolute} with provided content.`);
      }
      if (args.old_string === args.new_string) {
        return errorResult(
          `No changes to apply. The old_string and new_string are identical in file: ${absolute}`,
        );
      }
      const before = exists ? Buffer.from(await env.readFile(absolute)).toString('utf8') : '';
      try {
        const result = await editFile(env, {
          path: absolute,
          oldString: args.old_string,
          newString: args.new_string,
          replaceAll: args.allow_multiple ?? false,
        });
        const after = Buffer.from(await env.readFile(absolute)).toString('utf8');
        return textResult(
          `Successfully modified file: ${absolute} (${result.replacements} replacements). Here is the updated code:\n${updatedCodeSnippet(before, after)}`,
          result,
        );
      } catch (error) {
        if (!(error instanceof FsToolError)) throw error;
        switch (error.code) {
          case 'FILE_NOT_FOUND':
            return errorResult(`File not found: ${absolute}. Use an empty old_string to create a new file.`);
          case 'TEXT_NOT_FOUND':
            return errorResult(
              `Could not find an exact match for 'old_string' in '${absolute}'. Read the file again and copy old_string from it exactly, whitespace and indentation included.`,
            );
          case 'MULTIPLE_MATCHES':
            return errorResult(
              `Failed to edit, Expected 1 occurrence but found ${error.details?.occurrences ?? 'several'} for old_string in file: ${absolute}. If you intended to replace multiple occurrences, set 'allow_multiple' to true.`,
            );
          case 'NO_CHANGE':
            return errorResult(
              `No changes to apply. The old_string and new_string are identical in file: ${absolute}`,
            );
          default:
            return errorResult(error.message);
        }
      }
    },
  });
}
