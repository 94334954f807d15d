/**
 * Orders relative paths case-insensitively, one path segment at a time, so a folder's entries
 * follow the folder itself ("src/", "src/a.ts", "src-old/"). Names equal but for case are
 * ordered by code point, so the order never depends on the locale.
 */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  const shared = Math.min(left.length, right.length);
  for (let index = 0; index < shared; index++) {
    const order = compareNames(left[index]!, right[index]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

function compareNames(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}
