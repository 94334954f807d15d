/** `path` as one word for a POSIX shell: unchanged when it is plain, otherwise single-quoted. */
export function shellQuote(path: string): string {
  if (/^[\w@%+=:,./-]+$/.test(path)) return path;
  return `'${path.replace(/'/g, `'\\''`)}'`;
}
