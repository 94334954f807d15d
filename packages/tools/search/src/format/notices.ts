/**
 * Appends notices to a tool's output: a blank line, then each notice in brackets on its own line,
 * so the model can tell the tool's remarks from the results.
 */
export function withNotices(body: string, notices: readonly string[]): string {
  if (notices.length === 0) return body;
  const block = notices.map((notice) => `[${notice}]`).join('\n');
  return body.length === 0 ? block : `${body}\n\n${block}`;
}

/** "1 file", "2 files". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A duration for a notice: "30 s", "1.5 s", "250 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
