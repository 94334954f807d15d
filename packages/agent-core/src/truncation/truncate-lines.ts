/** The marker put where the line pass removed lines (loop spec §5.3). */
export function linesOmittedMarker(omittedLines: number): string {
  return `[... ${omittedLines} lines omitted ...]`;
}

export interface LineTruncation {
  text: string;
  truncated: boolean;
  /** Lines in the text given to the pass (split on "\n"). */
  totalLines: number;
  /** Lines left out; 0 when nothing was cut. */
  omittedLines: number;
}

/**
 * The line pass of loop spec §5.3, run after the character pass: text with more than `maxLines`
 * lines keeps the first half and the last half (the tail getting the larger half when
 * `maxLines` is odd) with a marker between them. Lines are counted by splitting on "\n", as the
 * spec does.
 */
export function truncateLines(text: string, maxLines: number): LineTruncation {
  const lines = text.split('\n');
  const totalLines = lines.length;
  const keep = Math.max(0, Math.floor(maxLines));
  if (totalLines <= keep) return { text, truncated: false, totalLines, omittedLines: 0 };
  const headCount = Math.floor(keep / 2);
  const tailCount = keep - headCount;
  const omittedLines = totalLines - keep;
  const head = lines.slice(0, headCount).join('\n');
  const tail = lines.slice(totalLines - tailCount).join('\n');
  return {
    text: `${head}\n${linesOmittedMarker(omittedLines)}\n${tail}`,
    truncated: true,
    totalLines,
    omittedLines,
  };
}
