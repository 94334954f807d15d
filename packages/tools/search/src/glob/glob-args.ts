import { vcsExcludeArgs, walkArgs } from '../ripgrep/common-args.js';
import type { GlobOptions } from './glob-options.js';

/**
 * The ripgrep command line that lists files matching `glob` under `root`: `rg --files` walks the
 * tree with the same ignore rules as a search, `--null` keeps any path intact, and
 * `--sortr modified` has ripgrep sort the whole list newest first before printing it (no
 * per-file stat through the environment afterwards).
 */
export function buildGlobArgs(options: GlobOptions, glob: string, root: string): string[] {
  const args = ['--files', '--null', ...walkArgs(options)];
  if (options.caseInsensitive) args.push('--glob-case-insensitive');
  args.push('--glob', glob, ...vcsExcludeArgs());
  const order = options.order ?? 'modified';
  if (order === 'modified') args.push('--sortr', 'modified');
  else if (order === 'path') args.push('--sort', 'path');
  args.push('--', root);
  return args;
}
