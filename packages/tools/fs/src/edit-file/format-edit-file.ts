import type { EditFileResult } from './edit-file.js';

/**
 * What the model sees after an edit: a one-line confirmation in pi's wording with the number of
 * replacements, and a note when the text only matched after normalising (so the model learns its
 * old_string was not exact). The diff goes to `details`, for hosts.
 */
export function formatEditFile(result: EditFileResult): string {
  if (result.matchKind === 'created') return `Created ${result.path} with the given content.`;
  const count = result.replacements === 1 ? '1 occurrence' : `${result.replacements} occurrences`;
  const confirmation = `Successfully replaced ${count} in ${result.path}.`;
  if (result.matchKind === 'exact') return confirmation;
  return `${confirmation} old_string matched only after normalising whitespace at line ends, quotes, dashes, spaces and Unicode forms; the rest of the file was left as it was.`;
}
