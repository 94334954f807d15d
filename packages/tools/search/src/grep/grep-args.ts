import { vcsExcludeArgs, walkArgs } from '../ripgrep/common-args.js';
import type { GrepOptions } from './grep-options.js';

/**
 * The ripgrep command line for a grep. Content mode uses `--json`, which marks match and context
 * lines unambiguously and survives any byte in a path or line; the other modes use `--null`
 * separated path lists, because ripgrep's JSON printer does not do them. The pattern goes through
 * `--regexp` so one starting with '-' is not read as a flag, and the target follows `--`.
 * `filterArgs` are the glob filter's share of the work (`buildPathFilter`); they go
 * before the VCS exclusions so those win.
 */
export function buildGrepArgs(
  options: GrepOptions,
  target: string,
  filterArgs: readonly string[] = [],
): string[] {
  const mode = options.mode ?? 'content';
  const args: string[] =
    mode === 'content'
      ? ['--json', '--line-number']
      : mode === 'files_with_matches'
        ? ['--files-with-matches', '--null']
        : ['--count', '--with-filename', '--null'];
  args.push(...walkArgs(options));
  if (options.caseInsensitive) args.push('--ignore-case');
  else args.push('--case-sensitive');
  if (options.literal) args.push('--fixed-strings');
  if (mode === 'content') {
    if (options.beforeContext) args.push('--before-context', String(options.beforeContext));
    if (options.afterContext) args.push('--after-context', String(options.afterContext));
  }
  args.push(...filterArgs, ...vcsExcludeArgs());
  if (options.order === 'modified') args.push('--sortr', 'modified');
  args.push('--regexp', options.pattern, '--', target);
  return args;
}
