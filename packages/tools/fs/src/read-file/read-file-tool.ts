import { defineTool, type Static, Type } from '@weft/agent-core';
import { formatReadFile, type ReadFileFormatOptions } from './format-read-file.js';
import { type ReadFileResult, readFile, readTruncation } from './read-file.js';

export const readFileParameters = Type.Object(
  {
    file_path: Type.String({
      description: 'The file to read: absolute, or relative to the working directory.',
    }),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'The line to start from, 1-based (0 is read as 1). Default 1.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'How many lines to read. Default: up to 2000 lines or 50 KB.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type ReadFileParameters = Static<typeof readFileParameters>;

/** What a host gets in `details` from read_file. */
export interface ReadFileDetails {
  path: string;
  absolutePath: string;
  kind: ReadFileResult['kind'];
  /** Line range returned (text only). */
  startLine?: number;
  endLine?: number;
  totalLines?: number;
  /** Present when the 2000-line or 50 KB limit cut the read (text only). */
  truncation?: ReturnType<typeof readTruncation>;
  /** Image media type and size (images only). */
  mediaType?: string;
  bytes?: number;
}

export interface ReadFileToolOptions extends ReadFileFormatOptions {
  /** Lines returned at most per call. Default 2000. */
  maxLines?: number;
  /** Bytes of content returned at most per call. Default 50 KB. */
  maxBytes?: number;
  /** Largest image returned. Default 3.75 MB (5 MB once base64-encoded). */
  maxImageBytes?: number;
}

/** read_file with the loop spec's name and parameters. */
export function createReadFileTool(options: ReadFileToolOptions = {}) {
  return defineTool<typeof readFileParameters, ReadFileDetails | undefined>({
    name: 'read_file',
    description:
      'Read a file. Text comes back with line numbers ("12 | text"); at most 2000 lines or 50 KB per call, with a note saying which offset to continue from. Use offset and limit to read part of a large file. PNG, JPEG, GIF and WebP images come back as images. Binary files are refused.',
    parameters: readFileParameters,
    async execute(args, context) {
      const result = await readFile(context.env, {
        path: args.file_path,
        offset: args.offset,
        limit: args.limit,
        maxLines: options.maxLines,
        maxBytes: options.maxBytes,
        maxImageBytes: options.maxImageBytes,
        signal: context.signal,
      });
      const content = formatReadFile(result, options);
      return { content, details: readFileDetails(result) };
    },
  });
}

/**
 * Details for hosts. A text read that returned the whole file has none (as in pi), so hosts can
 * tell a complete read at a glance.
 */
function readFileDetails(result: ReadFileResult): ReadFileDetails | undefined {
  if (result.kind === 'image') {
    return {
      path: result.path,
      absolutePath: result.absolutePath,
      kind: 'image',
      mediaType: result.mediaType,
      bytes: result.bytes,
    };
  }
  if (result.stoppedBy === null && !result.oversizedLine) return undefined;
  const truncation = readTruncation(result);
  return {
    path: result.path,
    absolutePath: result.absolutePath,
    kind: 'text',
    startLine: result.startLine,
    endLine: result.endLine,
    totalLines: result.totalLines,
    ...(truncation ? { truncation } : {}),
  };
}

/** read_file with default limits. */
export const readFileTool = createReadFileTool();
