import { Buffer } from 'node:buffer';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  type ExecutionEnvironment,
  formatSize,
  isEnvironmentError,
  type TruncationResult,
} from '@weft/agent-core';
import { detectImage, type ImageMediaType, looksBinary, SNIFF_BYTES } from '../shared/content-kind.js';
import { findExistingPath } from '../shared/find-existing-path.js';
import { adviseOnEnvironmentError, fsErrors } from '../shared/fs-errors.js';
import { FsToolError } from '../shared/fs-tool-error.js';
import { type StopReason, scanLines } from './scan-lines.js';

/**
 * Images larger than this are refused: its base64 form would pass 5 MB, the largest image the
 * model APIs accept. We cannot shrink images (no image library), so the model is told to.
 */
export const DEFAULT_MAX_IMAGE_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);

export interface ReadFileOptions {
  /** The file, absolute or relative to the working directory; `~` is expanded. */
  path: string;
  /** First line to read, 1-based (0 is read as 1). Default 1. */
  offset?: number;
  /** Lines to read at most. Default: up to `maxLines`. */
  limit?: number;
  /** Lines returned at most, whatever `limit` says. Default 2000. */
  maxLines?: number;
  /** Bytes of line content returned at most. Default 50 KB. */
  maxBytes?: number;
  /** Images over this many bytes are refused. Default {@link DEFAULT_MAX_IMAGE_BYTES}. */
  maxImageBytes?: number;
  signal?: AbortSignal;
}

export interface ReadTextResult {
  kind: 'text';
  /** The path as given. */
  path: string;
  absolutePath: string;
  /** The lines read, without line endings; a UTF-8 BOM is dropped. */
  lines: string[];
  /** Number of the first line in `lines` (1-based). */
  startLine: number;
  /** Number of the last line in `lines`; `startLine - 1` when none was read. */
  endLine: number;
  totalLines: number;
  fileBytes: number;
  /** Bytes `lines` take (contents and the newlines between them). */
  outputBytes: number;
  /**
   * Why lines after `endLine` were left out: the line limit, the byte limit, or the caller's
   * `limit`. Null when the file was read to its end.
   */
  stoppedBy: StopReason | null;
  /** Set when the first requested line alone is over `maxBytes` (then `lines` is empty). */
  oversizedLine?: { line: number; bytes: number };
  maxLines: number;
  maxBytes: number;
}

export interface ReadImageResult {
  kind: 'image';
  path: string;
  absolutePath: string;
  mediaType: ImageMediaType;
  /** The file's bytes, base64-encoded. */
  data: string;
  bytes: number;
}

export type ReadFileResult = ReadTextResult | ReadImageResult;

/**
 * Reads a text file's lines (a window of them, within limits) or an image, through the
 * environment. Text is streamed, so a 1 GB file is read with constant memory. What the file
 * holds is decided by its first bytes: an image signature makes it an image, a NUL byte makes it
 * binary (refused), anything else is text.
 */
export async function readFile(env: ExecutionEnvironment, options: ReadFileOptions): Promise<ReadFileResult> {
  const { path, signal } = options;
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const found = await findExistingPath(env, path, 'read');
  if (!found) throw fsErrors.fileNotFound(path, env.workingDirectory);
  const { absolutePath, stat } = found;
  if (stat.type === 'directory') throw fsErrors.isDirectory(path);
  if (stat.type !== 'file') throw fsErrors.notRegularFile(path);

  try {
    const head = await env.readFile(absolutePath, { start: 0, end: SNIFF_BYTES });
    const mediaType = detectImage(head);
    if (mediaType) return await readImage(env, options, absolutePath, mediaType, stat.size);
    if (looksBinary(head)) {
      throw new FsToolError(
        `Cannot read ${path}: it is a binary file (${formatSize(stat.size)}), not text. read_file shows text files and PNG, JPEG, GIF and WebP images; inspect other files with the shell tool (for example \`file\` or \`xxd | head\`).`,
        { code: 'BINARY_FILE', path, bytes: stat.size },
      );
    }

    const startLine = Math.max(1, options.offset ?? 1);
    const endLine = options.limit === undefined ? Number.POSITIVE_INFINITY : startLine + options.limit - 1;
    const chunks = env.readFileStream(absolutePath, signal ? { signal } : {});
    const scanned = await scanLines(chunks, { startLine, endLine, maxLines, maxBytes });
    if (startLine > scanned.totalLines && !(startLine === 1 && scanned.totalLines === 0)) {
      const total = scanned.totalLines;
      throw new FsToolError(
        `Offset ${startLine} is beyond end of file (${total} lines total). ${
          total === 0 ? 'The file is empty.' : `Use an offset from 1 to ${total}.`
        }`,
        { code: 'OFFSET_BEYOND_END', path, totalLines: total },
      );
    }
    const result: ReadTextResult = {
      kind: 'text',
      path,
      absolutePath,
      lines: scanned.lines,
      startLine,
      endLine: startLine + scanned.lines.length - 1,
      totalLines: scanned.totalLines,
      fileBytes: scanned.totalBytes,
      outputBytes: scanned.keptBytes,
      stoppedBy: scanned.stoppedBy,
      maxLines,
      maxBytes,
    };
    if (scanned.oversizedLine) result.oversizedLine = scanned.oversizedLine;
    return result;
  } catch (error) {
    if (error instanceof FsToolError || isEnvironmentError(error, 'ABORTED')) throw error;
    adviseOnEnvironmentError(error, path, 'read', env.workingDirectory);
  }
}

async function readImage(
  env: ExecutionEnvironment,
  options: ReadFileOptions,
  absolutePath: string,
  mediaType: ImageMediaType,
  size: number,
): Promise<ReadImageResult> {
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  if (size > maxImageBytes) {
    throw new FsToolError(
      `Cannot read ${options.path}: the image (${mediaType}) is ${formatSize(size)}, over the ${formatSize(
        maxImageBytes,
      )} limit for images. Make a smaller copy with the shell tool (for example \`convert in.png -resize 50% small.png\`) and read that.`,
      { code: 'IMAGE_TOO_LARGE', path: options.path, bytes: size },
    );
  }
  const bytes = await env.readFile(absolutePath);
  return {
    kind: 'image',
    path: options.path,
    absolutePath,
    mediaType,
    data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    bytes: bytes.byteLength,
  };
}

/**
 * The head-truncation facts of a text read, in the shape of `truncateHead`'s result (without the
 * content, which the read result already holds), for hosts that show truncation the same way
 * for every tool. Undefined when the line and byte limits cut nothing.
 */
export function readTruncation(result: ReadTextResult): Omit<TruncationResult, 'content'> | undefined {
  if (result.stoppedBy !== 'lines' && result.stoppedBy !== 'bytes') return undefined;
  return {
    truncated: true,
    truncatedBy: result.stoppedBy,
    totalLines: result.totalLines,
    totalBytes: result.fileBytes,
    outputLines: result.lines.length,
    outputBytes: result.outputBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: result.oversizedLine !== undefined,
    maxLines: result.maxLines,
    maxBytes: result.maxBytes,
  };
}
