import type { SearchErrorCode } from '../search-error.js';

/** What ripgrep's complaint on stderr means. */
export interface RgFailure {
  code: Extract<SearchErrorCode, 'INVALID_PATTERN' | 'INVALID_GLOB' | 'RIPGREP_FAILED'>;
  /** ripgrep's message without its "rg: " prefixes and without advice about flags we do not offer. */
  detail: string;
}

/** Reads ripgrep's stderr after it exited with status 2 ("an error occurred"). */
export function classifyRgFailure(stderr: string): RgFailure {
  const detail = cleanRgMessage(stderr);
  if (/regex parse error|is not allowed in a regex|error compiling pattern/i.test(stderr)) {
    return { code: 'INVALID_PATTERN', detail };
  }
  if (/error parsing glob/i.test(stderr)) return { code: 'INVALID_GLOB', detail };
  return { code: 'RIPGREP_FAILED', detail: detail || 'ripgrep failed without a message' };
}

/**
 * The per-path problems ripgrep reports while it keeps searching (an unreadable file, a
 * symlink loop): one entry per "rg: " line.
 */
export function rgWarnings(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('rg: '))
    .map((line) => line.slice(4));
}

function cleanRgMessage(stderr: string): string {
  // ripgrep follows some errors with a paragraph suggesting flags (--multiline); the tools do not
  // expose those flags, so the advice would mislead the model.
  const firstParagraph = stderr.trim().split(/\n\s*\n/)[0] ?? '';
  return firstParagraph
    .split('\n')
    .map((line) => line.replace(/^rg: /, ''))
    .join('\n')
    .trimEnd();
}
