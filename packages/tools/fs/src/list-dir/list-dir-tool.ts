import { defineTool, type Static, Type, textResult } from '@weft/agent-core';
import { formatListDir } from './format-list-dir.js';
import { type ListDirResult, listDir } from './list-dir.js';

export const listDirParameters = Type.Object(
  {
    path: Type.Optional(
      Type.String({
        description:
          'The folder to list: absolute, or relative to the working directory. Default: the working directory.',
      }),
    ),
    depth: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10,
        default: 1,
        description: '1 lists the folder itself; 2 also lists its subfolders, and so on. Default 1.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type ListDirParameters = Static<typeof listDirParameters>;

export type ListDirDetails = Omit<ListDirResult, 'entries'> & { entries: number };

/** list_dir with the loop spec's (Gemini profile) name and parameters. */
export function createListDirTool(options: { limit?: number } = {}) {
  return defineTool<typeof listDirParameters, ListDirDetails>({
    name: 'list_dir',
    description:
      'List a folder: one entry per line, folders ending in "/", hidden files included, sorted case-insensitively. depth lists subfolders too. At most 500 entries.',
    parameters: listDirParameters,
    async execute(args, context) {
      const result = await listDir(context.env, {
        path: args.path,
        depth: args.depth,
        limit: options.limit,
        signal: context.signal,
      });
      const { entries, ...facts } = result;
      return textResult(formatListDir(result), { ...facts, entries: entries.length });
    },
  });
}

export const listDirTool = createListDirTool();
