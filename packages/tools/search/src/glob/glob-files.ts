import { posix } from 'node:path';
import type { ExecutionEnvironment } from '@weft/agent-core';
import { formatDuration } from '../format/notices.js';
import { GlobSyntaxError } from '../globs/compile-glob.js';
import { buildPathFilter, type PathFilter, pathBelow } from '../globs/path-filter.js';
import { splitGlobPattern } from '../globs/split-glob-pattern.js';
import { SEARCH_DEFAULT_TIMEOUT_MS } from '../grep/grep-options.js';
import { toDisplayPath } from '../paths/display-path.js';
import { resolveSearchRoot } from '../paths/resolve-search-root.js';
import { defaultRgPath } from '../ripgrep/default-rg-path.js';
import { classifyRgFailure, rgWarnings } from '../ripgrep/rg-failure.js';
import { runRipgrep } from '../ripgrep/run-ripgrep.js';
import { SearchError } from '../search-error.js';
import { buildGlobArgs } from './glob-args.js';
import {
  GLOB_DEFAULT_MAX_RESULTS,
  type GlobFile,
  type GlobOptions,
  type GlobResult,
} from './glob-options.js';

/**
 * Lists the files matching a glob with `rg --files`, run through the environment: .gitignore
 * honoured, hidden files included, VCS folders and symlinks skipped, newest first by default.
 * Keeps the first `maxResults` paths and counts the rest.
 *
 * Throws {@link SearchError}: PATH_NOT_FOUND, NOT_A_DIRECTORY (path is a file), INVALID_GLOB,
 * TIMED_OUT, RIPGREP_UNAVAILABLE, RIPGREP_FAILED, ABORTED.
 */
export async function globFiles(env: ExecutionEnvironment, options: GlobOptions): Promise<GlobResult> {
  const limit = Math.max(1, Math.floor(options.maxResults ?? GLOB_DEFAULT_MAX_RESULTS));
  const order = options.order ?? 'modified';
  const timeoutMs = options.timeoutMs ?? SEARCH_DEFAULT_TIMEOUT_MS;
  const searchRoot = await resolveSearchRoot(env, options.path);
  if (searchRoot.type !== 'directory') {
    throw new SearchError('NOT_A_DIRECTORY', `Not a folder: ${searchRoot.displayPath}`, {
      path: searchRoot.displayPath,
    });
  }

  const { base, glob } = splitGlobPattern(options.pattern);
  let filter: PathFilter;
  try {
    filter = buildPathFilter([glob], options.caseInsensitive ? { caseInsensitive: true } : {});
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) throw error;
    throw new SearchError('INVALID_GLOB', `Invalid glob pattern: ${error.message}`, {
      detail: error.message,
      cause: error,
    });
  }
  const emptyResult = (searchPath: string): GlobResult => ({
    pattern: options.pattern,
    searchPath,
    files: [],
    totalCount: 0,
    limit,
    limitReached: false,
    order,
    timedOut: false,
    timeoutMs,
    warnings: [],
    durationMs: 0,
  });
  let rootPath = searchRoot.absolutePath;
  if (base !== undefined) {
    // Folders named by the pattern itself: if they are not there, nothing matches (not an error).
    rootPath = env.resolvePath(
      base.startsWith('/') || base.startsWith('~') ? base : posix.join(searchRoot.absolutePath, base),
      'read',
    );
    const stat = await env.stat(rootPath);
    if (stat?.type !== 'directory') return emptyResult(toDisplayPath(rootPath, env.workingDirectory));
  }

  const files: GlobFile[] = [];
  let totalCount = 0;
  const run = await runRipgrep(env, {
    rgPath: options.rgPath ?? (await defaultRgPath()),
    args: buildGlobArgs(options, rootPath, filter.rgArgs),
    cwd: rootPath,
    timeoutMs,
    separator: '\0',
    onRecord: (record) => {
      if (record.length === 0 || !filter.accepts(pathBelow(record, rootPath))) return 'continue';
      totalCount++;
      if (files.length < limit) {
        files.push({ path: toDisplayPath(record, env.workingDirectory), absolutePath: record });
      }
      return 'continue';
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });

  const searchPath = toDisplayPath(rootPath, env.workingDirectory);
  if (files.length === 0) {
    if (run.exitCode === 2) {
      const failure = classifyRgFailure(run.stderr);
      const code = failure.code === 'INVALID_PATTERN' ? 'INVALID_GLOB' : failure.code;
      throw new SearchError(
        code,
        code === 'INVALID_GLOB'
          ? `Invalid glob pattern: ${failure.detail}`
          : `ripgrep failed: ${failure.detail}`,
        { detail: failure.detail, path: searchPath },
      );
    }
    if (run.timedOut) {
      throw new SearchError(
        'TIMED_OUT',
        `Listing files timed out after ${formatDuration(timeoutMs)} before any were found.`,
        {
          path: searchPath,
        },
      );
    }
  }

  return {
    ...emptyResult(searchPath),
    files,
    totalCount,
    limitReached: totalCount > limit,
    timedOut: run.timedOut,
    warnings: run.exitCode === 2 ? rgWarnings(run.stderr) : [],
    durationMs: run.durationMs,
  };
}
