import { DEFAULT_MAX_BYTES, formatSize, type TruncationResult, truncateHead } from '@weft/agent-core';
import { formatDuration, plural, withNotices } from '../format/notices.js';
import type { GlobResult } from './glob-options.js';

export interface GlobFormatOptions {
  /** Bytes of paths kept (whole lines only). Default 50 KB. */
  maxBytes?: number;
  /** The parameter that raises the limit. Default 'max_results'. */
  limitParameter?: string;
  /** The highest value that parameter accepts; no larger value is suggested. Default 5000. */
  limitMaximum?: number;
  /** How to narrow a listing, in the caller's parameter names. Default 'pattern or path'. */
  narrowHint?: string;
}

export interface FormattedGlob {
  text: string;
  truncation: TruncationResult;
  notices: string[];
}

/**
 * Turns a glob result into the text the model reads: one path per line in the result's order,
 * cut to `maxBytes` on a line boundary, then the notices. No match:
 * `No files found matching pattern "<pattern>"` (plus ` in <path>` when not the working directory).
 */
export function formatGlobResult(result: GlobResult, options: GlobFormatOptions = {}): FormattedGlob {
  const body = result.files.map((file) => file.path).join('\n');
  const truncation = truncateHead(body, {
    maxLines: Number.POSITIVE_INFINITY,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
  });
  if (result.files.length === 0) {
    const where = result.searchPath === '.' ? '' : ` in ${result.searchPath}`;
    return {
      text: `No files found matching pattern ${JSON.stringify(result.pattern)}${where}`,
      truncation,
      notices: [],
    };
  }

  const narrow = options.narrowHint ?? 'pattern or path';
  const notices: string[] = [];
  const orderWords =
    result.order === 'modified' ? ', newest first' : result.order === 'path' ? ', by path' : '';
  if (result.limitReached) {
    const limitParameter = options.limitParameter ?? 'max_results';
    const more = Math.min(result.limit * 2, options.limitMaximum ?? 5000);
    const advice =
      more > result.limit
        ? `Use ${limitParameter}=${more} for more, or refine ${narrow}`
        : `Refine ${narrow}`;
    notices.push(
      `Showing ${result.limit} of ${plural(result.totalCount, 'matching file')}${orderWords}. ${advice}`,
    );
  }
  if (truncation.truncated) {
    notices.push(
      `${formatSize(truncation.maxBytes)} limit reached: showing ${truncation.outputLines} of ${truncation.totalLines} paths. Refine ${narrow} to see the rest`,
    );
  }
  if (result.timedOut) {
    notices.push(
      `Listing timed out after ${formatDuration(result.timeoutMs)}; results are partial. Refine ${narrow}`,
    );
  }
  if (result.warnings.length > 0) {
    const [first] = result.warnings;
    const others = result.warnings.length - 1;
    notices.push(
      `Some paths could not be listed: ${first}${others > 0 ? ` (and ${plural(others, 'other')})` : ''}`,
    );
  }
  return { text: withNotices(truncation.content, notices), truncation, notices };
}
