import { type ExecutionEnvironment, GREP_MAX_LINE_LENGTH } from '@weft/agent-core';
import { formatDuration } from '../format/notices.js';
import { GlobSyntaxError } from '../globs/compile-glob.js';
import { buildPathFilter, type PathFilter, pathBelow } from '../globs/path-filter.js';
import { toDisplayPath } from '../paths/display-path.js';
import { resolveSearchRoot, rootFolder } from '../paths/resolve-search-root.js';
import { defaultRgPath } from '../ripgrep/default-rg-path.js';
import { classifyRgFailure, rgWarnings } from '../ripgrep/rg-failure.js';
import { parseRgJsonLine } from '../ripgrep/rg-json.js';
import { type RecordVerdict, runRipgrep } from '../ripgrep/run-ripgrep.js';
import { SearchError } from '../search-error.js';
import { ContentCollector } from './content-collector.js';
import { buildGrepArgs } from './grep-args.js';
import {
  GREP_DEFAULT_MAX_RESULTS,
  type GrepFile,
  type GrepOptions,
  type GrepResult,
  SEARCH_DEFAULT_TIMEOUT_MS,
} from './grep-options.js';
import { PathListCollector } from './path-list-collector.js';

/**
 * Searches file contents with ripgrep, run through the environment (so the same search works in
 * a container or on a remote host). Returns structured results; formatting for the model is a
 * separate step ({@link formatGrepResult}).
 *
 * Throws {@link SearchError}: PATH_NOT_FOUND, INVALID_PATTERN, INVALID_GLOB, TIMED_OUT (nothing
 * found before the timeout), RIPGREP_UNAVAILABLE, RIPGREP_FAILED, ABORTED.
 */
export async function grepSearch(env: ExecutionEnvironment, options: GrepOptions): Promise<GrepResult> {
  if (options.pattern.length === 0) {
    throw new SearchError('INVALID_PATTERN', 'The pattern is empty.', { detail: 'empty pattern' });
  }
  const mode = options.mode ?? 'content';
  const limit = Math.max(1, Math.floor(options.maxResults ?? GREP_DEFAULT_MAX_RESULTS));
  const maxLineLength = options.maxLineLength ?? GREP_MAX_LINE_LENGTH;
  const timeoutMs = options.timeoutMs ?? SEARCH_DEFAULT_TIMEOUT_MS;
  const root = await resolveSearchRoot(env, options.path);
  const filter = buildFilter(options.glob);
  const folder = rootFolder(root);
  // ripgrep prints absolute paths (the target is absolute); the glob filter wants them relative.
  const accepted = new Map<string, boolean>();
  const accepts = (rgPath: string): boolean => {
    let verdict = accepted.get(rgPath);
    if (verdict === undefined) {
      verdict = filter.accepts(pathBelow(rgPath, folder));
      accepted.set(rgPath, verdict);
    }
    return verdict;
  };

  const content = new ContentCollector(
    limit,
    mode === 'content' ? (options.afterContext ?? 0) : 0,
    maxLineLength,
  );
  const listed = new PathListCollector(limit, mode === 'count');
  const onRecord =
    mode === 'content'
      ? (line: string): RecordVerdict => {
          for (const record of parseRgJsonLine(line)) {
            if (record.kind !== 'summary' && !accepts(record.path)) continue;
            if (content.accept(record) === 'stop') return 'stop';
          }
          return 'continue';
        }
      : (record: string): RecordVerdict => {
          const path = mode === 'count' ? record.slice(0, Math.max(0, record.lastIndexOf('\0'))) : record;
          return path === '' || accepts(path) ? listed.accept(record) : 'continue';
        };

  const run = await runRipgrep(env, {
    rgPath: options.rgPath ?? (await defaultRgPath()),
    args: buildGrepArgs({ ...options, mode }, root.absolutePath, filter.rgArgs),
    cwd: folder,
    timeoutMs,
    separator: mode === 'files_with_matches' ? '\0' : '\n',
    onRecord,
    ...(options.signal ? { signal: options.signal } : {}),
  });

  const display = (rgPath: string) => toDisplayPath(rgPath, env.workingDirectory);
  let files: GrepFile[] =
    mode === 'content'
      ? content.collected().map((file) => ({
          path: display(file.rgPath),
          absolutePath: file.rgPath,
          matchCount: file.matchCount,
          lines: file.lines,
          binary: file.binary,
        }))
      : listed.collected().map((file) => ({
          path: display(file.rgPath),
          absolutePath: file.rgPath,
          matchCount: file.count,
          lines: [],
          binary: false,
        }));
  if ((options.order ?? 'path') === 'path') files = [...files].sort((a, b) => comparePaths(a.path, b.path));

  if (files.length === 0) {
    if (run.exitCode === 2) {
      const failure = classifyRgFailure(run.stderr);
      throw new SearchError(failure.code, failureMessage(failure.code, failure.detail), {
        detail: failure.detail,
        path: root.displayPath,
      });
    }
    if (run.timedOut) {
      throw new SearchError(
        'TIMED_OUT',
        `The search found nothing before it timed out after ${formatDuration(timeoutMs)}.`,
        {
          path: root.displayPath,
        },
      );
    }
  }

  const matchCount =
    mode === 'files_with_matches' ? null : files.reduce((sum, file) => sum + (file.matchCount ?? 0), 0);
  return {
    mode,
    pattern: options.pattern,
    searchPath: root.displayPath,
    files,
    matchCount,
    fileCount: files.length,
    beforeContext: mode === 'content' ? (options.beforeContext ?? 0) : 0,
    afterContext: mode === 'content' ? (options.afterContext ?? 0) : 0,
    limit,
    limitUnit: mode === 'content' ? 'matches' : 'files',
    limitReached: mode === 'content' ? content.limitReached : listed.limitReached,
    linesTruncated: content.linesTruncated,
    maxLineLength,
    stoppedEarly: run.stoppedEarly,
    timedOut: run.timedOut,
    timeoutMs,
    warnings: run.exitCode === 2 ? rgWarnings(run.stderr) : [],
    durationMs: run.durationMs,
  };
}

function buildFilter(glob: GrepOptions['glob']): PathFilter {
  const globs = glob === undefined ? [] : typeof glob === 'string' ? [glob] : [...glob];
  try {
    return buildPathFilter(globs);
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) throw error;
    throw new SearchError('INVALID_GLOB', `Invalid glob: ${error.message}`, {
      detail: error.message,
      cause: error,
    });
  }
}

function failureMessage(code: SearchError['code'], detail: string): string {
  if (code === 'INVALID_PATTERN') return `Invalid regular expression: ${detail}`;
  if (code === 'INVALID_GLOB') return `Invalid glob: ${detail}`;
  return `ripgrep failed: ${detail}`;
}

/** Code-point order, so results sort the same on every machine whatever its locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
