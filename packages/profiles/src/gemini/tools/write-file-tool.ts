import { defineTool, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { writeFile } from '@weft/tools-fs';
import { updatedCodeSnippet } from '../code-snippet.js';

const parameters = Type.Object({
  file_path: Type.String({ description: 'The file to write; relative paths start at the project root.' }),
  content: Type.String({ description: 'The complete content of the file.' }),
});

export type GeminiWriteFileParameters = typeof parameters;

/** gemini-cli's `write_file`: the whole file, answered with the updated code. */
export function createGeminiWriteFileTool(): Tool<GeminiWriteFileParameters> {
  return defineTool({
    name: 'write_file',
    description:
      'Writes the complete content of a file, creating it (and its folders) or replacing it. To change part of an existing file, use replace instead.',
    parameters,
    async execute(args, { env }): Promise<ToolResult> {
      const absolute = env.resolvePath(args.file_path, 'write');
      const before =
        (await env.stat(absolute))?.type === 'file'
          ? Buffer.from(await env.readFile(absolute)).toString('utf8')
          : '';
      const result = await writeFile(env, { path: absolute, content: args.content });
      const head = result.created
        ? `Successfully created and wrote to new file: ${result.absolutePath}.`
        : `Successfully overwrote file: ${result.absolutePath}.`;
      return textResult(
        `${head} Here is the updated code:\n${updatedCodeSnippet(before, args.content)}`,
        result,
      );
    },
  });
}
