import type { DirEntry, ExecutionEnvironment } from '@weft/agent-core';
import { type ReadFileResult, readFile } from '../read-file/read-file.js';
import { FsToolError } from '../shared/fs-tool-error.js';
import { globDepth, globToRegExp, hasGlobSyntax, splitGlobBase } from './glob-pattern.js';

/**
 * Left out unless `useDefaultExcludes` is false: dependency, build and VCS folders, and `.env`
 * files (they usually hold secrets).
 */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/node_modules/**',
  '**/.git/**',
  '**/dist/**',
  '**/build/**',
  '**/coverage/**',
  '**/__pycache__/**',
  '**/.venv/**',
  '**/venv/**',
  '**/.next/**',
  '**/.turbo/**',
  '**/.DS_Store',
  '**/.env',
  '**/.env.*',
];

/** Files read at most per call; the rest are reported as skipped. */
export const DEFAULT_MAX_FILES = 100;

/** Bytes of file text returned at most per call, all files together. */
export const DEFAULT_MAX_TOTAL_BYTES = 100 * 1024;

/** How deep `**` patterns and recursive folders are walked. */
const MAX_WALK_DEPTH = 64;

export interface ReadManyFilesOptions {
  /** Paths and glob patterns, relative to the working directory (or absolute). A folder means every file in it. */
  include: readonly string[];
  /** Glob patterns of paths to leave out; "temp/" leaves out a folder. */
  exclude?: readonly string[];
  /** Whether a folder named in `include` is read with its subfolders. Default true. */
  recursive?: boolean;
  /** Whether {@link DEFAULT_EXCLUDES} apply. Default true. */
  useDefaultExcludes?: boolean;
  maxFiles?: number;
  maxTotalBytes?: number;
  signal?: AbortSignal;
}

export interface ReadManyFile {
  absolutePath: string;
  /** The path relative to the working directory. */
  relativePath: string;
  result: ReadFileResult;
  /** True when the file's text was cut by the per-file limits (2000 lines, 50 KB). */
  truncated: boolean;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface ReadManyFilesResult {
  files: ReadManyFile[];
  skipped: SkippedFile[];
}

function joinPath(folder: string, name: string): string {
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

function relativeTo(root: string, path: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** "temp/" means the folder and everything in it. */
function excludePattern(pattern: string): RegExp {
  const normalised = pattern.replace(/\\/g, '/');
  return globToRegExp(normalised.endsWith('/') ? `${normalised}**` : normalised);
}

/**
 * Reads the files that paths and glob patterns name (gemini-cli's read_many_files). Each file is
 * read as read_file reads it (2000 lines / 50 KB each, images by content); images are included
 * only when a pattern names their extension or name, binary files are skipped, and the total
 * text is capped. Every file left out is reported with the reason.
 */
export async function readManyFiles(
  env: ExecutionEnvironment,
  options: ReadManyFilesOptions,
): Promise<ReadManyFilesResult> {
  const root = env.workingDirectory;
  const excludes = [
    ...(options.useDefaultExcludes === false ? [] : DEFAULT_EXCLUDES),
    ...(options.exclude ?? []),
  ].map(excludePattern);
  const isExcluded = (absolutePath: string) =>
    excludes.some((pattern) => pattern.test(relativeTo(root, absolutePath)));
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const skipped: SkippedFile[] = [];
  const candidates = new Set<string>();

  const walk = async (folder: string, depth: number, accept: (relative: string) => boolean, base: string) => {
    const queue: Array<{ path: string; level: number }> = [{ path: folder, level: 1 }];
    while (queue.length > 0) {
      const { path, level } = queue.shift()!;
      let entries: DirEntry[];
      try {
        entries = await env.listDirectory(path, options.signal ? { signal: options.signal } : {});
      } catch {
        continue;
      }
      for (const entry of entries) {
        const absolute = joinPath(path, entry.name);
        let type = entry.type;
        if (type === 'symlink')
          type = (await env.stat(absolute))?.type === 'directory' ? 'directory' : 'file';
        if (type === 'directory') {
          // Skip a folder when everything in it would be excluded anyway.
          if (level < depth && !isExcluded(joinPath(absolute, '_')))
            queue.push({ path: absolute, level: level + 1 });
        } else if (type === 'file' && accept(relativeTo(base, absolute))) {
          candidates.add(absolute);
        }
      }
    }
  };

  for (const raw of options.include) {
    const pattern = raw.replace(/\\/g, '/');
    if (!hasGlobSyntax(pattern)) {
      const absolutePath = env.resolvePath(pattern, 'read');
      const stat = await env.stat(absolutePath);
      if (!stat) skipped.push({ path: raw, reason: 'not found' });
      else if (stat.type === 'directory') {
        await walk(absolutePath, options.recursive === false ? 1 : MAX_WALK_DEPTH, () => true, absolutePath);
      } else candidates.add(absolutePath);
      continue;
    }
    const { base, rest } = splitGlobBase(pattern);
    const baseAbsolute = env.resolvePath(base, 'read');
    if ((await env.stat(baseAbsolute))?.type !== 'directory') continue;
    const matcher = globToRegExp(rest);
    await walk(
      baseAbsolute,
      Math.min(globDepth(rest), MAX_WALK_DEPTH),
      (relative) => matcher.test(relative),
      baseAbsolute,
    );
  }

  const ordered = [...candidates].sort();
  const files: ReadManyFile[] = [];
  let totalBytes = 0;
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  for (const absolutePath of ordered) {
    const relativePath = relativeTo(root, absolutePath);
    if (isExcluded(absolutePath)) continue;
    if (files.length >= maxFiles) {
      skipped.push({ path: relativePath, reason: `over the ${maxFiles}-file limit; read it with read_file` });
      continue;
    }
    let result: ReadFileResult;
    try {
      result = await readFile(env, { path: absolutePath, signal: options.signal });
    } catch (error) {
      if (!(error instanceof FsToolError)) throw error;
      skipped.push({
        path: relativePath,
        reason: error.code === 'BINARY_FILE' ? 'binary file' : error.message,
      });
      continue;
    }
    if (result.kind === 'image' && !requestedByName(absolutePath, options.include)) {
      skipped.push({ path: relativePath, reason: 'image not requested by name or extension' });
      continue;
    }
    const bytes = result.kind === 'image' ? 0 : result.outputBytes;
    if (totalBytes + bytes > maxTotalBytes && files.length > 0) {
      skipped.push({ path: relativePath, reason: 'output limit reached; read it with read_file' });
      continue;
    }
    totalBytes += bytes;
    const truncated =
      result.kind === 'text' && (result.stoppedBy !== null || result.oversizedLine !== undefined);
    files.push({ absolutePath, relativePath, result, truncated });
  }
  return { files, skipped };
}

/** gemini-cli's rule: an image is read only when a pattern mentions its extension or its name. */
function requestedByName(absolutePath: string, include: readonly string[]): boolean {
  const name = absolutePath.slice(absolutePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return include.some(
    (pattern) => (extension !== '' && pattern.toLowerCase().includes(extension)) || pattern.includes(stem),
  );
}
