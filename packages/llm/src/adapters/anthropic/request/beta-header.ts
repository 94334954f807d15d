/** The beta the spec asks for whenever a request carries `cache_control` (caching is GA; harmless). */
export const PROMPT_CACHING_BETA = 'prompt-caching-2024-07-31';

/**
 * The `anthropic-beta` value: every beta named, once, in first-seen order, comma-joined (the
 * form the API reads). Each list may itself hold comma-joined values, as a header would.
 */
export function joinBetas(...lists: readonly (readonly string[] | string | undefined)[]): string | undefined {
  const seen = new Set<string>();
  for (const list of lists) {
    if (list === undefined) continue;
    for (const item of typeof list === 'string' ? [list] : list) {
      for (const beta of item.split(',')) {
        const name = beta.trim();
        if (name !== '') seen.add(name);
      }
    }
  }
  return seen.size === 0 ? undefined : [...seen].join(',');
}
