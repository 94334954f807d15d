import { countChars, sliceHeadChars } from './characters.js';
import { GREP_MAX_LINE_LENGTH } from './limits.js';

/** What `truncateLine` appends to a line it cut. */
export const LINE_TRUNCATED_SUFFIX = '... [truncated]';

/**
 * Cuts one line (a grep match, say) to `maxChars` characters and marks the cut with
 * "... [truncated]". Characters are code points, so a surrogate pair is never split.
 */
export function truncateLine(
  line: string,
  maxChars: number = GREP_MAX_LINE_LENGTH,
): { text: string; wasTruncated: boolean } {
  // Cheap rejection first: code points never outnumber UTF-16 code units.
  if (line.length <= maxChars || countChars(line) <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${sliceHeadChars(line, maxChars)}${LINE_TRUNCATED_SUFFIX}`, wasTruncated: true };
}
