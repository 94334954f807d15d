import { InvalidPatchError } from './patch-parse-error.js';
import { trimRust } from './rust-whitespace.js';

export const BEGIN_PATCH_MARKER = '*** Begin Patch';
export const END_PATCH_MARKER = '*** End Patch';

const HEREDOC_OPENERS = new Set(['<<EOF', "<<'EOF'", '<<"EOF"']);

/**
 * The patch's lines between (and including) its Begin and End markers. The text is trimmed and
 * split like Rust's `str::lines()` (on `\n`, dropping one `\r` before it), so a missing final
 * newline, blank lines around the patch and CRLF patch text are all fine. Only the first and
 * last lines are checked, each after trimming. When that fails, a heredoc wrapper (`<<EOF`,
 * `<<'EOF'` or `<<"EOF"` first, a last line ending in `EOF`) is removed and the check repeated.
 */
export function patchLines(text: string): string[] {
  const lines = splitLines(trimRust(text));
  const problem = boundaryProblem(lines);
  if (problem === undefined) return lines;
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (lines.length >= 4 && first !== undefined && HEREDOC_OPENERS.has(first) && last?.endsWith('EOF')) {
    const inner = lines.slice(1, -1);
    const innerProblem = boundaryProblem(inner);
    if (innerProblem !== undefined) throw innerProblem;
    return inner;
  }
  throw problem;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

function boundaryProblem(lines: readonly string[]): InvalidPatchError | undefined {
  const first = lines[0] === undefined ? undefined : trimRust(lines[0]);
  const last = lines.length === 0 ? undefined : trimRust(lines[lines.length - 1] as string);
  if (first === BEGIN_PATCH_MARKER && last === END_PATCH_MARKER && lines.length >= 2) return undefined;
  if (first !== undefined && first !== BEGIN_PATCH_MARKER) {
    return new InvalidPatchError("The first line of the patch must be '*** Begin Patch'");
  }
  return new InvalidPatchError("The last line of the patch must be '*** End Patch'");
}
