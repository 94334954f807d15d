import type { ExecutionEnvironment } from '@weft/agent-core';
import { SearchError } from '../search-error.js';
import { toDisplayPath } from './display-path.js';

/** Where a search starts, checked to exist. */
export interface SearchRoot {
  absolutePath: string;
  /** The path as the model sees it ('.' for the working directory). */
  displayPath: string;
  type: 'file' | 'directory';
}

/**
 * Resolves the path a search should start from (default: the working directory) and checks
 * that it is there, so a typo gets "Path not found" rather than a silent "No matches found".
 */
export async function resolveSearchRoot(
  env: ExecutionEnvironment,
  path: string | undefined,
): Promise<SearchRoot> {
  const requested = path === undefined || path.trim() === '' ? '.' : path;
  const absolutePath = env.resolvePath(requested, 'read');
  const displayPath = toDisplayPath(absolutePath, env.workingDirectory);
  const stat = await env.stat(absolutePath);
  if (stat === undefined) {
    throw new SearchError('PATH_NOT_FOUND', `Path not found: ${displayPath}`, { path: displayPath });
  }
  if (stat.type === 'other') {
    throw new SearchError('NOT_A_DIRECTORY', `Not a regular file or folder: ${displayPath}`, {
      path: displayPath,
    });
  }
  return { absolutePath, displayPath, type: stat.type };
}

/** The folder ripgrep runs in for a root: the root itself, or a file's folder. */
export function rootFolder(root: SearchRoot): string {
  if (root.type === 'directory') return root.absolutePath;
  const slash = root.absolutePath.lastIndexOf('/');
  return slash <= 0 ? '/' : root.absolutePath.slice(0, slash);
}
