import type { TruncationMode } from './truncate-chars.js';

/** Characters each tool's output may keep for the model (loop spec §5.2). */
export const DEFAULT_TOOL_CHAR_LIMITS: Readonly<Record<string, number>> = Object.freeze({
  read_file: 50_000,
  shell: 30_000,
  grep: 20_000,
  glob: 20_000,
  edit_file: 10_000,
  apply_patch: 10_000,
  write_file: 1_000,
  spawn_agent: 20_000,
});

/** Which part of each tool's output is kept (loop spec §5.2). */
export const DEFAULT_TOOL_TRUNCATION_MODES: Readonly<Record<string, TruncationMode>> = Object.freeze({
  read_file: 'head_tail',
  shell: 'head_tail',
  grep: 'tail',
  glob: 'tail',
  edit_file: 'tail',
  apply_patch: 'tail',
  write_file: 'tail',
  spawn_agent: 'head_tail',
});

/** Lines each tool's output may keep after the character pass (loop spec §5.3); others have none. */
export const DEFAULT_TOOL_LINE_LIMITS: Readonly<Record<string, number>> = Object.freeze({
  shell: 256,
  grep: 200,
  glob: 500,
});

/**
 * The character limit for a tool the tables do not name (a custom or MCP tool). The spec leaves
 * this open; a limit is still needed so one tool cannot fill the context, and a tool of unknown
 * shape is treated like command output.
 */
export const FALLBACK_TOOL_CHAR_LIMIT = 30_000;

/** The mode for a tool the tables do not name. */
export const FALLBACK_TOOL_TRUNCATION_MODE: TruncationMode = 'head_tail';
