/** Lines of unchanged code shown around each change. */
const CONTEXT_LINES = 5;

/**
 * The "updated code" gemini-cli appends after a write or an edit: the new file's lines around
 * each change (five on either side), separate regions joined by a `...` line; for a file that
 * was empty or new, the whole new content.
 */
export function updatedCodeSnippet(before: string, after: string): string {
  if (before.length === 0) return after;
  const old = before.split('\n');
  const next = after.split('\n');
  const regions = changedRegions(old, next);
  if (regions.length === 0) return '';
  const shown: Array<[number, number]> = [];
  for (const [start, end] of regions) {
    const from = Math.max(0, start - CONTEXT_LINES);
    const to = Math.min(next.length - 1, end + CONTEXT_LINES);
    const last = shown.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else shown.push([from, to]);
  }
  return shown.map(([from, to]) => next.slice(from, to + 1).join('\n')).join('\n...\n');
}

/**
 * The ranges of new-file lines (inclusive) that differ from the old file, found by walking both
 * line lists and resynchronising on the next line they share (good enough for a handful of edits;
 * a single changed block is exact).
 */
function changedRegions(old: readonly string[], next: readonly string[]): Array<[number, number]> {
  const regions: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < old.length || j < next.length) {
    if (i < old.length && j < next.length && old[i] === next[j]) {
      i++;
      j++;
      continue;
    }
    const start = j;
    const [oldResume, newResume] = resync(old, next, i, j);
    // A pure deletion changes no new line; show the line where it happened.
    regions.push([start, Math.max(start, newResume - 1)]);
    i = oldResume;
    j = newResume;
  }
  return regions.map(([start, end]) => [Math.min(start, next.length - 1), Math.min(end, next.length - 1)]);
}

/** The nearest pair of positions after (i, j) where both lists hold the same line. */
function resync(old: readonly string[], next: readonly string[], i: number, j: number): [number, number] {
  const positions = new Map<string, number>();
  for (let k = j; k < next.length; k++) if (!positions.has(next[k]!)) positions.set(next[k]!, k);
  let best: [number, number] = [old.length, next.length];
  for (let k = i; k < old.length; k++) {
    const match = positions.get(old[k]!);
    if (match !== undefined && k - i + (match - j) < best[0] - i + (best[1] - j)) best = [k, match];
  }
  return best;
}
