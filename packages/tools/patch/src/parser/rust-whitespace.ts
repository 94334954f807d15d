/**
 * Codex trims with Rust's `char::is_whitespace`, which differs from JavaScript's `trim()`:
 * Rust counts U+0085 (NEXT LINE) as whitespace and does not count U+FEFF (the byte-order mark).
 * Using Rust's set keeps marker and fuzzy-match decisions identical to codex's.
 */
const WHITESPACE_CLASS =
  '\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
const LEADING = new RegExp(`^[${WHITESPACE_CLASS}]+`);
const TRAILING = new RegExp(`[${WHITESPACE_CLASS}]+$`);

export function trimStartRust(text: string): string {
  return text.replace(LEADING, '');
}

export function trimEndRust(text: string): string {
  return text.replace(TRAILING, '');
}

export function trimRust(text: string): string {
  return trimEndRust(trimStartRust(text));
}
