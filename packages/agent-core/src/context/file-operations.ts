import type { ToolCallData } from '@weft/llm';
import type { Turn } from '../history/turn.js';

/** What a tool call did to files: the paths it read and the paths it created, changed or deleted. */
export interface FileOperations {
  read: string[];
  modified: string[];
}

/** Reads the paths a call touched from its arguments (which may be a string for freeform tools). */
export type FileOperationRule = (args: Record<string, unknown> | string) => Partial<FileOperations>;

/**
 * Tool name → rule. Profiles name the same operation differently (`read_file`, `Read`,
 * `apply_patch`, `replace`), so the mapping is data a host or profile can extend or replace.
 */
export type FileOperationTools = Readonly<Record<string, FileOperationRule>>;

const readsPath =
  (...keys: string[]): FileOperationRule =>
  (args) => ({ read: stringsAt(args, keys) });
const modifiesPath =
  (...keys: string[]): FileOperationRule =>
  (args) => ({ modified: stringsAt(args, keys) });

/** The paths an apply_patch (v4a) patch adds, updates, deletes or moves to. */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split('\n')) {
    const match = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/.exec(line.trimEnd());
    if (match?.[1]) paths.push(match[1].trim());
  }
  return paths;
}

const applyPatch: FileOperationRule = (args) => {
  const patch =
    typeof args === 'string'
      ? args
      : typeof args.input === 'string'
        ? args.input
        : typeof args.patch === 'string'
          ? args.patch
          : '';
  return { modified: patchPaths(patch) };
};

/**
 * The file tools of the generic naming and of the reference agents each profile follows:
 * Claude Code (`Read`, `Write`, `Edit`, `MultiEdit`, `NotebookEdit`), codex (`apply_patch`,
 * `read_file`, `view_image`), gemini-cli (`read_file`, `write_file`, `replace`). Shell commands
 * are not parsed (what a command touched is not knowable from its text), nor `read_many_files`,
 * whose arguments are glob patterns rather than files.
 */
export const DEFAULT_FILE_OPERATION_TOOLS: FileOperationTools = Object.freeze({
  read_file: readsPath('file_path', 'path', 'absolute_path'),
  view_image: readsPath('path'),
  Read: readsPath('file_path'),
  write_file: modifiesPath('file_path', 'path'),
  edit_file: modifiesPath('file_path', 'path'),
  replace: modifiesPath('file_path'),
  Write: modifiesPath('file_path'),
  Edit: modifiesPath('file_path'),
  MultiEdit: modifiesPath('file_path'),
  NotebookEdit: modifiesPath('notebook_path'),
  apply_patch: applyPatch,
});

/**
 * The files the turns' tool calls read and modified. A call counts only when its result is in
 * the turns and is not an error (a failed read read nothing). A file both read and modified is
 * listed as modified only. Paths are kept as the model wrote them, in first-seen order.
 */
export function extractFileOperations(
  turns: readonly Turn[],
  tools: FileOperationTools = DEFAULT_FILE_OPERATION_TOOLS,
): FileOperations {
  const succeeded = new Set<string>();
  for (const turn of turns) {
    if (turn.type !== 'tool_results') continue;
    for (const result of turn.results) if (!result.isError) succeeded.add(result.toolCallId);
  }
  const read: string[] = [];
  const modified: string[] = [];
  for (const turn of turns) {
    if (turn.type !== 'assistant') continue;
    for (const part of turn.message.content) {
      if (part.kind !== 'tool_call' || !succeeded.has(part.toolCall.id)) continue;
      const touched = operationsOf(part.toolCall, tools);
      read.push(...(touched.read ?? []));
      modified.push(...(touched.modified ?? []));
    }
  }
  return mergeFileOperations({ read, modified });
}

/** Several file lists as one: duplicates removed, modified winning over read, order kept. */
export function mergeFileOperations(...lists: readonly FileOperations[]): FileOperations {
  const modified = unique(lists.flatMap((list) => list.modified));
  const modifiedSet = new Set(modified);
  const read = unique(lists.flatMap((list) => list.read)).filter((path) => !modifiedSet.has(path));
  return { read, modified };
}

function operationsOf(call: ToolCallData, tools: FileOperationTools): Partial<FileOperations> {
  const rule = Object.hasOwn(tools, call.name) ? tools[call.name] : undefined;
  return rule ? rule(call.arguments) : {};
}

function stringsAt(args: Record<string, unknown> | string, keys: readonly string[]): string[] {
  if (typeof args === 'string') return [];
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value !== '') return [value];
    if (Array.isArray(value))
      return value.filter((item): item is string => typeof item === 'string' && item !== '');
  }
  return [];
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}
