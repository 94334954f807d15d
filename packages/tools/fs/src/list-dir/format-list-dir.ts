import { DEFAULT_MAX_BYTES, truncateHead } from '@weft/agent-core';
import type { ListDirResult } from './list-dir.js';

/**
 * What the model sees: one entry per line, folders with a trailing "/", paths relative to the
 * listed folder; "(empty directory)" when there is nothing; a closing note with the count of
 * entries left out. Capped at 50 KB like pi's ls.
 */
export function formatListDir(result: ListDirResult): string {
  if (result.totalEntries === 0) return '(empty directory)';
  const lines = result.entries.map((entry) => (entry.type === 'directory' ? `${entry.name}/` : entry.name));
  const capped = truncateHead(lines.join('\n'), {
    maxLines: Number.POSITIVE_INFINITY,
    maxBytes: DEFAULT_MAX_BYTES,
  });
  const notShown = result.omittedEntries + (lines.length - capped.outputLines);
  if (notShown === 0) return capped.content;
  const shown = result.totalEntries - notShown;
  return `${capped.content}\n\n[Showing ${shown} of ${result.totalEntries} entries; ${notShown} more not shown. List a subfolder to see more.]`;
}
