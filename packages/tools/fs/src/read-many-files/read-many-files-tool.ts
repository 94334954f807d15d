import { defineTool, type Static, Type } from '@weft/agent-core';
import { formatReadManyFiles } from './format-read-many-files.js';
import { type ReadManyFilesOptions, readManyFiles, type SkippedFile } from './read-many-files.js';

export const readManyFilesParameters = Type.Object(
  {
    include: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      description:
        'Paths or glob patterns, relative to the working directory. Examples: ["src/**/*.ts"], ["README.md", "docs/"].',
    }),
    exclude: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        default: [],
        description:
          'Glob patterns to leave out, added to the default excludes. Example: ["**/*.log", "temp/"].',
      }),
    ),
    recursive: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'Whether folders in include are read with their subfolders. Default true.',
      }),
    ),
    useDefaultExcludes: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          'Whether node_modules, .git, dist, build, .env files and similar are left out. Default true.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type ReadManyFilesParameters = Static<typeof readManyFilesParameters>;

export interface ReadManyFilesDetails {
  files: Array<{ path: string; kind: 'text' | 'image'; truncated: boolean }>;
  skipped: SkippedFile[];
}

/** read_many_files with gemini-cli's name and parameters. */
export function createReadManyFilesTool(
  options: Pick<ReadManyFilesOptions, 'maxFiles' | 'maxTotalBytes'> = {},
) {
  return defineTool<typeof readManyFilesParameters, ReadManyFilesDetails>({
    name: 'read_many_files',
    description:
      'Read several files at once, named by paths or glob patterns, and get their text one after another, each under a "--- path ---" line. Images are included only when named by name or extension. Use read_file for one file or for paging through a large one.',
    parameters: readManyFilesParameters,
    async execute(args, context) {
      const result = await readManyFiles(context.env, {
        include: args.include,
        exclude: args.exclude,
        recursive: args.recursive,
        useDefaultExcludes: args.useDefaultExcludes,
        maxFiles: options.maxFiles,
        maxTotalBytes: options.maxTotalBytes,
        signal: context.signal,
      });
      return {
        content: formatReadManyFiles(result),
        details: {
          files: result.files.map((file) => ({
            path: file.absolutePath,
            kind: file.result.kind,
            truncated: file.truncated,
          })),
          skipped: result.skipped,
        },
      };
    },
  });
}

export const readManyFilesTool = createReadManyFilesTool();
