import type { ToolPreset } from '../config/settings-schema.js';

/** What a tool does, by name, across the profiles' vocabularies (Claude Code's, codex's, gemini-cli's, the loop spec's). */
type ToolKind = 'read' | 'search' | 'plan' | 'write' | 'shell' | 'subagent';

const KINDS: Readonly<Record<string, ToolKind>> = {
  // Reading files and folders.
  Read: 'read',
  read_file: 'read',
  read_many_files: 'read',
  list_dir: 'read',
  list_directory: 'read',
  view_image: 'read',
  // Searching.
  Grep: 'search',
  Glob: 'search',
  grep: 'search',
  glob: 'search',
  grep_search: 'search',
  // Keeping a plan.
  TodoWrite: 'plan',
  update_plan: 'plan',
  write_todos: 'plan',
  // Changing files.
  Write: 'write',
  Edit: 'write',
  write_file: 'write',
  edit_file: 'write',
  replace: 'write',
  apply_patch: 'write',
  // Running commands (and reading what background commands print).
  Bash: 'shell',
  TaskOutput: 'shell',
  TaskStop: 'shell',
  shell: 'shell',
  shell_command: 'shell',
  exec_command: 'shell',
  write_stdin: 'shell',
  run_shell_command: 'shell',
  list_background_processes: 'shell',
  read_background_output: 'shell',
  // Subagents: the session's own tools, and the profiles' versions of them.
  spawn_agent: 'subagent',
  send_input: 'subagent',
  wait: 'subagent',
  wait_agent: 'subagent',
  close_agent: 'subagent',
  Agent: 'subagent',
  SendMessage: 'subagent',
  invoke_agent: 'subagent',
};

const PRESET_KINDS: Readonly<Record<Exclude<ToolPreset, 'default'>, ReadonlySet<ToolKind>>> = {
  // Read, change, run: the smallest set that can still do a coding task.
  minimal: new Set(['read', 'write', 'shell']),
  // Nothing that changes the project or runs a command (a command could change anything).
  readonly: new Set(['read', 'search', 'plan']),
};

/**
 * Whether the preset (and the allow-list, when there is one) lets the model have `name`.
 * `default` keeps every tool of the profile; the other presets keep only tools they know, so a
 * tool this table has never heard of is left out of `readonly` rather than trusted.
 */
export function toolAllowed(
  name: string,
  preset: ToolPreset,
  allowed: readonly string[] | undefined,
): boolean {
  if (allowed && !allowed.includes(name)) return false;
  if (preset === 'default') return true;
  const kind = KINDS[name];
  return kind !== undefined && PRESET_KINDS[preset].has(kind);
}

/** The subagent tools, which the session adds itself (the CLI turns them off instead of filtering them). */
export const SUBAGENT_TOOLS: readonly string[] = Object.keys(KINDS).filter(
  (name) => KINDS[name] === 'subagent',
);
