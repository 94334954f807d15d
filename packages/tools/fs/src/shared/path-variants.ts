const NARROW_NO_BREAK_SPACE = '\u202F';
const RIGHT_SINGLE_QUOTE = '\u2019';

/**
 * Spellings of `path` to try, in order, when the path as given does not exist. macOS writes
 * screenshot names with a narrow no-break space before AM/PM ("10.42.10\u202FAM.png"), stores
 * names decomposed (NFD), and uses a curly apostrophe in localised names ("Capture d’écran");
 * models type plain spaces, composed characters and straight quotes. A leading "@" (how some
 * chat UIs mention files) is dropped too. The path as given is always first; duplicates are
 * removed.
 */
export function pathVariants(path: string): string[] {
  const bases = path.startsWith('@') && path.length > 1 ? [path, path.slice(1)] : [path];
  const variants: string[] = [];
  for (const base of bases) {
    const amPm = base.replace(/ (AM|PM)\./g, `${NARROW_NO_BREAK_SPACE}$1.`);
    const nfd = base.normalize('NFD');
    const curly = base.replace(/'/g, RIGHT_SINGLE_QUOTE);
    const nfdCurly = nfd.replace(/'/g, RIGHT_SINGLE_QUOTE);
    variants.push(base, amPm, nfd, curly, nfdCurly, amPm.normalize('NFD'));
  }
  return [...new Set(variants)];
}
