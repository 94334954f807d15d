const NARROW_NO_BREAK_SPACE = '\u202F';
const RIGHT_SINGLE_QUOTE = '\u2019';

/**
 * Spellings of `path` to try, in order, when the path as given does not exist. macOS writes
 * screenshot names with a narrow no-break space before AM/PM ("10.42.10\u202FAM.png"), stores
 * names decomposed (NFD), and uses a curly apostrophe in localised names ("Capture d’écran");
 * models type plain spaces, composed characters and straight quotes. The reverse slip, a
 * no-break or other Unicode space typed where the name has a plain one, is undone too, and a
 * leading "@" (how some chat UIs mention files) is dropped. The path as given is always first; duplicates are
 * removed.
 */
export function pathVariants(path: string): string[] {
  const plainSpaces = path.replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ');
  const spellings = plainSpaces === path ? [path] : [path, plainSpaces];
  const bases = spellings.flatMap((spelling) =>
    spelling.startsWith('@') && spelling.length > 1 ? [spelling, spelling.slice(1)] : [spelling],
  );
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
