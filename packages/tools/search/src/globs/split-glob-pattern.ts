/** A glob pattern split into the folder it names literally and the glob for below that folder. */
export interface SplitGlob {
  /**
   * The leading folders without glob characters ('src/components', '/abs/dir', '~/notes',
   * '../lib'), or undefined when the pattern starts with a glob character.
   */
  base: string | undefined;
  /** The glob for ripgrep, to match below `base` (or below the search path). */
  glob: string;
}

const GLOB_CHARACTERS = /[*?[\]{}]/;

/**
 * Splits "src/**\/*.ts" into base "src" and glob "**\/*.ts", so ripgrep walks only `src` (a
 * glob alone never stops ripgrep from walking the whole tree) and so absolute, '~' and '..'
 * patterns work at all. The last segment always stays in the glob. A pattern that contained a
 * '/' matches from its base only: "src/*.ts" becomes "/*.ts" (the leading '/' anchors it), not
 * "*.ts", which would match at any depth. A pattern without '/' ("*.ts") matches at any depth,
 * as in .gitignore. A leading "./" is dropped, a trailing '/' means everything below, and a
 * leading '!' is matched literally rather than read as ripgrep's exclusion.
 */
export function splitGlobPattern(pattern: string): SplitGlob {
  let normalized = pattern.trim();
  while (normalized.startsWith('./')) normalized = normalized.slice(2);
  if (normalized.endsWith('/') && normalized.length > 1) normalized = `${normalized}**`;

  const segments = normalized.split('/');
  const firstGlobSegment = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  const literalCount = Math.min(
    firstGlobSegment === -1 ? segments.length : firstGlobSegment,
    segments.length - 1,
  );
  if (literalCount === 0) return { base: undefined, glob: escapeLeadingBang(normalized) };

  const baseSegments = segments.slice(0, literalCount);
  const base = baseSegments.join('/') || '/';
  const rest = segments.slice(literalCount).join('/');
  const anchored = rest.startsWith('**/') || rest === '**' ? rest : `/${rest}`;
  return { base, glob: anchored };
}

function escapeLeadingBang(glob: string): string {
  return glob.startsWith('!') ? `\\${glob}` : glob;
}
