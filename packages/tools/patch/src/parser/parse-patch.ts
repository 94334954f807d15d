import { parseHunk } from './parse-hunk.js';
import { patchLines } from './patch-lines.js';
import type { Hunk, ParsedPatch } from './patch-types.js';

/**
 * Parses a v4a patch the way codex does in its (only used) lenient mode. Throws
 * {@link InvalidPatchError} or {@link InvalidHunkError}; never touches files.
 */
export function parsePatch(text: string): ParsedPatch {
  const lines = patchLines(text);
  const body = lines.slice(1, -1);
  const hunks: Hunk[] = [];
  // Line numbers count the Begin marker as line 1, after trimming and heredoc removal.
  let lineNumber = 2;
  let index = 0;
  while (index < body.length) {
    const { hunk, consumed } = parseHunk(body, index, lineNumber);
    hunks.push(hunk);
    index += consumed;
    lineNumber += consumed;
  }
  return { hunks, patch: lines.join('\n') };
}
