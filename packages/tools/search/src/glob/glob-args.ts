import { vcsExcludeArgs, walkArgs } from '../ripgrep/common-args.js';
import type { GlobOptions } from './glob-options.js';

/**
 * The ripgrep command line that lists files under `root`: `rg --files` walks the tree with the
 * same ignore rules as a search, `--null` keeps any path intact, and `--sortr modified` has
 * ripgrep sort the whole list newest first before printing it (no per-file stat through the
 * environment afterwards). The pattern itself is not a `--glob` (that would override
 * .gitignore); `filterArgs` carry its file-name prefilter (`buildPathFilter`).
 */
export function buildGlobArgs(options: GlobOptions, root: string, filterArgs: readonly string[]): string[] {
  const args = ['--files', '--null', ...walkArgs(options), ...filterArgs, ...vcsExcludeArgs()];
  const order = options.order ?? 'modified';
  if (order === 'modified') args.push('--sortr', 'modified');
  else if (order === 'path') args.push('--sort', 'path');
  args.push('--', root);
  return args;
}
