import type { Line, StyleName } from '../terminal/styled.js';
import { span } from '../terminal/styled.js';
import { sanitize, truncateToWidth } from '../terminal/width.js';

/** Arguments whose value says what a call is about, shown first and without a label. */
const PRIMARY_KEYS = [
  'command',
  'cmd',
  'file_path',
  'path',
  'absolute_path',
  'pattern',
  'query',
  'url',
  'dir_path',
  'paths',
  'agent_type',
  'agent_name',
  'target',
  'targets',
  'task_id',
  'shell_id',
  'image_url',
  'message',
  'description',
];

/** Long text arguments (file contents, patches, replacements): summarised by their size. */
const BULKY_KEYS = new Set([
  'content',
  'old_string',
  'new_string',
  'input',
  'patch',
  'edits',
  'todos',
  'plan',
  'prompt',
]);

const MAX_VALUE_CELLS = 60;

/**
 * A call's arguments in one line: the main argument's value first, then the others as
 * `key: value`, long texts as their line count. `Bash` with `{ command: 'ls -la' }` shows
 * `ls -la`; `Edit` shows the path and `old_string: 3 lines, new_string: 4 lines`.
 */
export function summarizeArguments(args: unknown, cwd?: string): string {
  if (args === undefined || args === null) return '';
  if (typeof args !== 'object' || Array.isArray(args)) return compact(args);
  const entries = Object.entries(args as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]): [string, unknown] => [key, PATH_KEYS.has(key) ? relative(value, cwd) : value]);
  const primary = PRIMARY_KEYS.find((key) => entries.some(([name]) => name === key));
  const parts: string[] = [];
  for (const [key, value] of entries) {
    if (key !== primary) continue;
    parts.push(typeof value === 'string' ? oneLine(value) : compact(value));
  }
  for (const [key, value] of entries) {
    if (key === primary) continue;
    parts.push(`${key}: ${BULKY_KEYS.has(key) ? bulky(value) : compact(value)}`);
  }
  return parts.join(', ');
}

/** Arguments holding a path: shown relative to the working directory when inside it. */
const PATH_KEYS = new Set(['file_path', 'path', 'absolute_path', 'dir_path', 'notebook_path']);

function relative(value: unknown, cwd: string | undefined): unknown {
  if (typeof value !== 'string' || cwd === undefined || cwd === '') return value;
  const prefix = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return value.startsWith(prefix) && value.length > prefix.length ? value.slice(prefix.length) : value;
}

/** Paths inside `cwd` in a diff's file header lines, made relative (`--- a/src/x.ts`). */
export function relativeDiff(diff: string, cwd: string | undefined): string {
  if (cwd === undefined || cwd === '') return diff;
  const prefix = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return diff
    .split('\n')
    .map((line) => {
      if (!line.startsWith('--- ') && !line.startsWith('+++ ')) return line;
      return line.replace(` a/${prefix}`, ' a/').replace(` b/${prefix}`, ' b/').replace(` ${prefix}`, ' ');
    })
    .join('\n');
}

function bulky(value: unknown): string {
  if (typeof value === 'string') {
    const lines = value.split('\n').length;
    return lines > 1 ? `${lines} lines` : JSON.stringify(truncateToWidth(value, 30));
  }
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return compact(value);
}

function compact(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return truncateToWidth(oneLine(text), MAX_VALUE_CELLS);
}

function oneLine(text: string): string {
  return sanitize(text)
    .replace(/\s*\n\s*/g, ' ⏎ ')
    .trim();
}

/**
 * The unified diffs a tool reported in `details`: edit tools put one in `details.diff`,
 * apply_patch one per file in `details.changes[].diff`. Empty when there is none.
 */
export function diffOf(details: unknown): string {
  if (typeof details !== 'object' || details === null) return '';
  const record = details as { diff?: unknown; changes?: unknown };
  if (typeof record.diff === 'string') return record.diff;
  if (Array.isArray(record.changes)) {
    return record.changes
      .map((change) =>
        typeof change === 'object' &&
        change !== null &&
        typeof (change as { diff?: unknown }).diff === 'string'
          ? (change as { diff: string }).diff
          : '',
      )
      .filter((diff) => diff !== '')
      .join('\n');
  }
  return '';
}

/** A style for each line of a unified diff. */
export function diffLineStyle(text: string): StyleName {
  if (text.startsWith('+++') || text.startsWith('---')) return 'bold';
  if (text.startsWith('@@')) return 'diffHunk';
  if (text.startsWith('+')) return 'diffAdd';
  if (text.startsWith('-')) return 'diffRemove';
  return 'dim';
}

/** The diff as styled lines (not wrapped yet). */
export function diffLines(diff: string): Line[] {
  const lines = sanitize(diff).replace(/\n$/, '').split('\n');
  return lines.map((text) => [span(text, diffLineStyle(text))]);
}
