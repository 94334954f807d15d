import { type ExecutionEnvironment, isEnvironmentError } from '@weft/agent-core';
import { findExistingPath } from '../shared/find-existing-path.js';
import { adviseOnEnvironmentError } from '../shared/fs-errors.js';
import { FsToolError } from '../shared/fs-tool-error.js';
import { comparePaths } from './sort-entries.js';

/** Entries shown at most; the rest are counted. */
export const DEFAULT_LIST_LIMIT = 500;

export interface ListDirOptions {
  /** The folder, absolute or relative to the working directory. Default: the working directory. */
  path?: string;
  /** 1 lists the folder's own entries; each level more adds one level of subfolders. Default 1. */
  depth?: number;
  /** Entries returned at most. Default 500. */
  limit?: number;
  signal?: AbortSignal;
}

export interface ListedEntry {
  /** Path relative to the listed folder, '/'-separated. */
  name: string;
  /** 'directory' also for a symbolic link to a folder; 'symlink' only for a broken link. */
  type: 'file' | 'directory' | 'symlink' | 'other';
  size?: number;
}

export interface ListDirResult {
  path: string;
  absolutePath: string;
  /** The first `limit` entries, sorted case-insensitively. */
  entries: ListedEntry[];
  /** Entries found in all. */
  totalEntries: number;
  /** Entries left out by the limit. */
  omittedEntries: number;
  depth: number;
}

/**
 * Lists a folder, dotfiles included, sorted case-insensitively with each folder's entries after
 * it. A symbolic link is shown as what it points to; a broken one is still listed.
 */
export async function listDir(
  env: ExecutionEnvironment,
  options: ListDirOptions = {},
): Promise<ListDirResult> {
  const path = options.path ?? '.';
  const depth = Math.max(1, Math.floor(options.depth ?? 1));
  const limit = options.limit ?? DEFAULT_LIST_LIMIT;
  const found = await findExistingPath(env, path, 'read');
  if (!found) {
    throw new FsToolError(
      `Path not found: ${path}. Check the path (relative paths start at ${env.workingDirectory}); list the parent folder to see what is there.`,
      { code: 'PATH_NOT_FOUND', path },
    );
  }
  if (found.stat.type !== 'directory') {
    throw new FsToolError(`Not a directory: ${path}. It is a file; use read_file to read it.`, {
      code: 'NOT_DIRECTORY',
      path,
    });
  }
  let raw: Awaited<ReturnType<ExecutionEnvironment['listDirectory']>>;
  try {
    raw = await env.listDirectory(
      found.absolutePath,
      options.signal ? { depth, signal: options.signal } : { depth },
    );
  } catch (error) {
    if (isEnvironmentError(error, 'ABORTED')) throw error;
    adviseOnEnvironmentError(error, path, 'read', env.workingDirectory);
  }
  const entries = await Promise.all(
    raw.map(async (entry): Promise<ListedEntry> => {
      if (entry.type !== 'symlink')
        return entry.size === undefined
          ? { name: entry.name, type: entry.type }
          : { name: entry.name, type: entry.type, size: entry.size };
      // Show a link as what it points to; stat follows links and says undefined for a broken one.
      const target = await env.stat(`${found.absolutePath}/${entry.name}`).catch(() => undefined);
      if (!target) return { name: entry.name, type: 'symlink' };
      return target.type === 'file'
        ? { name: entry.name, type: 'file', size: target.size }
        : { name: entry.name, type: target.type };
    }),
  );
  entries.sort((a, b) => comparePaths(a.name, b.name));
  const shown = entries.slice(0, limit);
  return {
    path,
    absolutePath: found.absolutePath,
    entries: shown,
    totalEntries: entries.length,
    omittedEntries: entries.length - shown.length,
    depth,
  };
}
