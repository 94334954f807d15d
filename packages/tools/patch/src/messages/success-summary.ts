import type { AffectedPaths } from '../apply/applied-change.js';

/**
 * Codex's success text: added files first, then modified (a moved file under its destination),
 * then deleted, each spelled as in the patch, one per line, every line ending in `\n`.
 */
export function formatSuccessSummary(affected: AffectedPaths): string {
  const lines = ['Success. Updated the following files:'];
  for (const path of affected.added) lines.push(`A ${path}`);
  for (const path of affected.modified) lines.push(`M ${path}`);
  for (const path of affected.deleted) lines.push(`D ${path}`);
  return `${lines.join('\n')}\n`;
}
