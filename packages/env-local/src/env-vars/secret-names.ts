/**
 * Variable names that look like credentials and are kept out of commands by default: the loop
 * spec's `*_API_KEY`, `*_SECRET`, `*_TOKEN`, `*_PASSWORD` and `*_CREDENTIAL`, plus two common
 * shapes those miss (`*_CREDENTIALS`, `*_SECRET_ACCESS_KEY` as in AWS_SECRET_ACCESS_KEY). The
 * match is on the whole name's ending, case-insensitive; the bare word (`TOKEN`) counts too.
 */
export const DEFAULT_SECRET_PATTERNS: readonly RegExp[] = [
  /(^|_)API_KEY$/i,
  /(^|_)SECRET$/i,
  /(^|_)TOKEN$/i,
  /(^|_)PASSWORD$/i,
  /(^|_)CREDENTIALS?$/i,
  /(^|_)SECRET_ACCESS_KEY$/i,
];

export function looksSecret(name: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => {
    pattern.lastIndex = 0; // a /g pattern from a caller keeps state between tests
    return pattern.test(name);
  });
}
