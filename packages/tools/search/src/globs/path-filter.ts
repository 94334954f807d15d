import { type CompiledGlob, compileGlob } from './compile-glob.js';

/** ripgrep's name for the file-name globs it may skip files by. */
const PREFILTER_TYPE = 'weftglob';

/**
 * How a list of globs (ripgrep `--glob` syntax: `*.ts`, `src/**`, `!*.min.js`) filters a search
 * without letting a glob override the ignore rules:
 *
 * - exclusions ('!' globs) go to ripgrep as `--glob`, since ripgrep only lets an exclusion remove
 *   files (and it prunes whole folders);
 * - the other globs are matched here, against each path relative to the searched folder, after
 *   ripgrep applied .gitignore. When each has a file-name part, that part also goes to ripgrep as
 *   a file type (`--type-add`), which ripgrep applies after the ignore rules, so it skips files
 *   that cannot match without searching them.
 */
export interface PathFilter {
  readonly rgArgs: readonly string[];
  /** True when a path relative to the searched folder passes the globs that are not exclusions. */
  accepts(relativePath: string): boolean;
}

/** Throws GlobSyntaxError for a glob that does not parse. */
export function buildPathFilter(
  globs: readonly string[],
  options: { caseInsensitive?: boolean } = {},
): PathFilter {
  const cleaned = globs.map((glob) => glob.trim()).filter((glob) => glob.length > 0);
  const exclusions = cleaned.filter((glob) => glob.startsWith('!'));
  const inclusions: CompiledGlob[] = cleaned
    .filter((glob) => !glob.startsWith('!'))
    .map((glob) => compileGlob(glob, options));

  const rgArgs: string[] = [];
  const fileNameGlobs = inclusions.map((glob) => glob.fileNameGlob);
  if (inclusions.length > 0 && fileNameGlobs.every((glob) => glob !== undefined)) {
    for (const glob of fileNameGlobs) rgArgs.push('--type-add', `${PREFILTER_TYPE}:${glob}`);
    rgArgs.push('--type', PREFILTER_TYPE);
  }
  for (const glob of exclusions) rgArgs.push('--glob', glob);

  return {
    rgArgs,
    accepts: (relativePath) => inclusions.length === 0 || inclusions.some((glob) => glob.test(relativePath)),
  };
}

/** The path of `absolutePath` below `root`, '/'-separated; the file name when it is the root itself. */
export function pathBelow(absolutePath: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  if (absolutePath.startsWith(prefix)) return absolutePath.slice(prefix.length);
  return absolutePath.slice(absolutePath.lastIndexOf('/') + 1);
}
