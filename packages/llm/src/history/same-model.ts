/**
 * Snapshot suffixes providers add to the model a request named: `gpt-5.2` answers as
 * `gpt-5.2-2025-12-11`, `claude-sonnet-4-5` as `claude-sonnet-4-5-20250929`, and Gemini reports
 * `models/…` names or `-001` versions. A signature from the snapshot is valid for the alias.
 */
const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest|\d{3})$/;

function baseModel(model: string): string {
  return model.replace(/^models\//, '').replace(SNAPSHOT_SUFFIX, '');
}

/**
 * Whether two model names denote the same model for signature purposes: equal, or equal after
 * dropping a `models/` prefix and a date / `-latest` / `-001` snapshot suffix. An empty name is
 * "unknown" and matches anything, so a message whose origin lacks the model keeps its signatures.
 */
export function isSameModel(a: string, b: string): boolean {
  if (a === '' || b === '' || a === b) return true;
  return baseModel(a) === baseModel(b);
}
