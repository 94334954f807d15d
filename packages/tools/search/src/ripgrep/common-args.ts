/** Version-control folders that are never searched or listed, though they are hidden. */
export const VCS_FOLDERS = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'] as const;

/** How a search walks the tree; shared by grep and glob. */
export interface WalkOptions {
  /** Search hidden files and folders (dotfiles). Default true. */
  includeHidden?: boolean;
  /**
   * Honour .gitignore, .ignore and .rgignore files, in a git repository or not. Default true.
   * VCS folders (.git and the like) are skipped either way.
   */
  respectIgnoreFiles?: boolean;
  /** Follow symbolic links to files and folders. Default false: links are skipped. */
  followSymlinks?: boolean;
}

/**
 * The flags every ripgrep run starts with. `--no-config` keeps a user's RIPGREP_CONFIG_PATH from
 * changing results; `--no-require-git` makes .gitignore count outside a git repository too, so a
 * project without `git init` (or a folder copied out of one) is searched the same way.
 */
export function walkArgs(options: WalkOptions): string[] {
  const args = ['--no-config', '--color=never'];
  if (options.includeHidden ?? true) args.push('--hidden');
  if (options.respectIgnoreFiles ?? true) args.push('--no-require-git');
  else args.push('--no-ignore');
  if (options.followSymlinks) args.push('--follow');
  return args;
}

/** Exclusion globs for the VCS folders; they go after any user glob so they win. */
export function vcsExcludeArgs(): string[] {
  return VCS_FOLDERS.flatMap((folder) => ['--glob', `!${folder}`]);
}
