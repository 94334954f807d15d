import { DEFAULT_MAX_BYTES, formatSize, type TruncationResult, truncateHead } from '@weft/agent-core';
import { formatDuration, plural, withNotices } from '../format/notices.js';
import type { GrepFile, GrepResult } from './grep-options.js';

/** The text the model sees when nothing matched. */
export const NO_MATCHES_TEXT = 'No matches found';

/** How the notices name things, so a profile with other parameter names can reuse the formatter. */
export interface GrepFormatOptions {
  /** Bytes of results kept (whole lines only). Default 50 KB. */
  maxBytes?: number;
  /** The parameter that raises the limit. Default 'max_results'. */
  limitParameter?: string;
  /** The highest value that parameter accepts; no larger value is suggested. Default 2000. */
  limitMaximum?: number;
  /** The tool that shows whole lines. Default 'read_file'. */
  readToolName?: string;
  /** How to narrow a search, in the caller's parameter names. Default 'path or glob_filter'. */
  narrowHint?: string;
}

export interface FormattedGrep {
  text: string;
  /** The byte cap's verdict on the results (before notices were added). */
  truncation: TruncationResult;
  notices: string[];
}

/**
 * Turns a grep result into the text the model reads:
 *
 * - content: `path:line: text` for matching lines, `path-line- text` for context lines, `--`
 *   between blocks that are not adjacent when context was asked for, and
 *   `path: binary file matches (N lines not shown)` for a binary file;
 * - files_with_matches: one path per line;
 * - count: `path:N` per file (N matching lines);
 *
 * then cut to `maxBytes` on a line boundary, then the notices.
 */
export function formatGrepResult(result: GrepResult, options: GrepFormatOptions = {}): FormattedGrep {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const lines =
    result.mode === 'content'
      ? contentLines(result.files, result.beforeContext + result.afterContext > 0)
      : result.mode === 'count'
        ? result.files.map((file) => `${file.path}:${file.matchCount ?? 0}`)
        : result.files.map((file) => file.path);
  const body = lines.join('\n');
  const truncation = truncateHead(body, { maxLines: Number.POSITIVE_INFINITY, maxBytes });
  if (result.files.length === 0) return { text: NO_MATCHES_TEXT, truncation, notices: [] };

  const notices = grepNotices(result, truncation, options);
  return { text: withNotices(truncation.content, notices), truncation, notices };
}

function contentLines(files: readonly GrepFile[], separateBlocks: boolean): string[] {
  const out: string[] = [];
  for (const file of files) {
    if (file.binary) {
      out.push(`${file.path}: binary file matches (${plural(file.matchCount ?? 0, 'line')} not shown)`);
      continue;
    }
    let previous: number | undefined;
    for (const line of file.lines) {
      const gap = previous === undefined ? out.length > 0 : line.lineNumber > previous + 1;
      if (separateBlocks && gap) out.push('--');
      out.push(
        line.isMatch
          ? `${file.path}:${line.lineNumber}: ${line.text}`
          : `${file.path}-${line.lineNumber}- ${line.text}`,
      );
      previous = line.lineNumber;
    }
  }
  return out;
}

function grepNotices(result: GrepResult, truncation: TruncationResult, options: GrepFormatOptions): string[] {
  const limitParameter = options.limitParameter ?? 'max_results';
  const limitMaximum = options.limitMaximum ?? 2000;
  const narrow = options.narrowHint ?? 'path or glob_filter';
  const notices: string[] = [];
  if (result.mode === 'count') {
    notices.push(`${plural(result.matchCount ?? 0, 'matching line')} in ${plural(result.fileCount, 'file')}`);
  }
  if (result.limitReached) {
    const more = Math.min(result.limit * 2, limitMaximum);
    const advice =
      more > result.limit ? `Use ${limitParameter}=${more} for more, or refine pattern` : 'Refine pattern';
    notices.push(`${result.limit} ${result.limitUnit} limit reached. ${advice}`);
  }
  if (result.linesTruncated && result.mode === 'content') {
    notices.push(
      `Some lines truncated to ${result.maxLineLength} chars. Use ${options.readToolName ?? 'read_file'} to see full lines`,
    );
  }
  if (truncation.truncated) {
    notices.push(
      `${formatSize(truncation.maxBytes)} limit reached: showing ${truncation.outputLines} of ${truncation.totalLines} lines. Narrow ${narrow} to see the rest`,
    );
  }
  if (result.timedOut) {
    notices.push(
      `Search timed out after ${formatDuration(result.timeoutMs)}; results are partial. Narrow ${narrow}`,
    );
  }
  if (result.warnings.length > 0) {
    const [first] = result.warnings;
    const others = result.warnings.length - 1;
    notices.push(
      `Some paths could not be searched: ${first}${others > 0 ? ` (and ${plural(others, 'other')})` : ''}`,
    );
  }
  return notices;
}
