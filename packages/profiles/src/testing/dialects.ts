import type { ScriptedTurn } from '@weft/testkit';
import { createAnthropicProfile } from '../anthropic/anthropic-profile.js';
import { createGeminiProfile } from '../gemini/gemini-profile.js';
import { createOpenAIProfile } from '../openai/openai-profile.js';
import type { WeftProfile } from '../shared/weft-profile.js';

/** A tool call as the scripted model makes it. */
export interface Call {
  type: 'tool_call';
  name: string;
  /** JSON arguments; for a freeform (custom) call, its raw input text. */
  arguments: Record<string, unknown> | string;
  /** A call to a freeform tool (OpenAI Responses' custom_tool_call). */
  custom?: true;
}

/** One turn of the scripted model: the given calls (in one response). */
export function calls(...toolCalls: Call[]): ScriptedTurn {
  return { content: toolCalls };
}

/** A text-only answer. */
export function answer(text: string): ScriptedTurn {
  return { content: [{ type: 'text', text }] };
}

export interface ProfileSettings {
  /** Shell timeout for the profile (Gemini: its overall command limit). */
  commandTimeoutMs?: number;
}

/**
 * How a model of each family does common things with its own profile's tools: the same intent
 * ("create this file", "run this command") in each reference agent's tool names, parameters and
 * formats. `dir` is the workspace, for the tools that take absolute paths.
 */
export interface Dialect {
  id: 'anthropic' | 'openai' | 'gemini';
  model: string;
  profile(settings?: ProfileSettings): WeftProfile;
  /** Creates (or replaces) a file. */
  write(dir: string, path: string, content: string): Call;
  /** Reads a file with the profile's reading tool. */
  read(dir: string, path: string): Call;
  /** Reads a file whole, whatever its size (the tool whose output is the file itself). */
  readWhole(dir: string, path: string): Call;
  /** Replaces one exact piece of a file with the profile's own edit format. */
  edit(dir: string, path: string, oldText: string, newText: string): Call;
  shell(command: string): Call;
  grep(pattern: string): Call;
  glob(pattern: string): Call;
  /** The turns that delegate `task` to a subagent and collect its report (one call or two). */
  delegate(task: string): ScriptedTurn[];
  /** The subagent tool whose call starts the agent. */
  delegateTool: string;
  /** What the shell tool answers when a command runs out of time. */
  timedOut: RegExp;
  /** The profile's edit tool, and edit tools of other families it must not offer. */
  editTool: string;
  foreignEditTools: string[];
}

export const anthropicDialect: Dialect = {
  id: 'anthropic',
  model: 'claude-sonnet-4-6',
  profile: (settings = {}) =>
    createAnthropicProfile({
      model: 'claude-sonnet-4-6',
      ...(settings.commandTimeoutMs === undefined
        ? {}
        : { defaultCommandTimeoutMs: settings.commandTimeoutMs }),
    }),
  write: (dir, path, content) => call('Write', { file_path: `${dir}/${path}`, content }),
  read: (dir, path) => call('Read', { file_path: `${dir}/${path}` }),
  readWhole: (dir, path) => call('Read', { file_path: `${dir}/${path}` }),
  edit: (dir, path, oldText, newText) =>
    call('Edit', { file_path: `${dir}/${path}`, old_string: oldText, new_string: newText }),
  shell: (command) => call('Bash', { command, description: 'Runs a command' }),
  grep: (pattern) => call('Grep', { pattern, output_mode: 'content' }),
  glob: (pattern) => call('Glob', { pattern }),
  delegate: (task) => [calls(call('Agent', { description: 'Delegated task', prompt: task }))],
  delegateTool: 'Agent',
  timedOut: /Command timed out after \d+ms and was stopped/,
  editTool: 'Edit',
  foreignEditTools: ['apply_patch', 'replace', 'edit_file'],
};

export const openaiDialect: Dialect = {
  id: 'openai',
  model: 'gpt-5.1-codex',
  profile: (settings = {}) =>
    createOpenAIProfile({
      model: 'gpt-5.1-codex',
      ...(settings.commandTimeoutMs === undefined
        ? {}
        : { defaultCommandTimeoutMs: settings.commandTimeoutMs }),
    }),
  // gpt-5.1-codex gets the freeform apply_patch: its calls carry the raw patch.
  write: (_dir, path, content) =>
    freeformCall(
      'apply_patch',
      `*** Begin Patch\n*** Add File: ${path}\n${content
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `+${line}`)
        .join('\n')}\n*** End Patch`,
    ),
  read: (dir, path) => call('read_file', { file_path: `${dir}/${path}` }),
  readWhole: (_dir, path) => call('shell_command', { command: `cat ${path}` }),
  edit: (_dir, path, oldText, newText) =>
    freeformCall(
      'apply_patch',
      `*** Begin Patch\n*** Update File: ${path}\n${oldText
        .split('\n')
        .map((line) => `-${line}`)
        .join('\n')}\n${newText
        .split('\n')
        .map((line) => `+${line}`)
        .join('\n')}\n*** End Patch`,
    ),
  shell: (command) => call('shell_command', { command }),
  // codex models search with rg; plain grep and find keep the test independent of rg on PATH.
  grep: (pattern) => call('shell_command', { command: `grep -rn '${pattern}' .` }),
  glob: (pattern) => call('shell_command', { command: `find . -name '${pattern}'` }),
  delegate: (task) => [
    calls(call('spawn_agent', { message: task })),
    calls(call('wait_agent', { targets: ['agent-1'] })),
  ],
  delegateTool: 'spawn_agent',
  timedOut: /^Exit code: 124\n[\s\S]*command timed out after \d+ milliseconds/,
  editTool: 'apply_patch',
  foreignEditTools: ['Edit', 'Write', 'replace', 'edit_file'],
};

export const geminiDialect: Dialect = {
  id: 'gemini',
  model: 'gemini-2.5-flash',
  profile: (settings = {}) =>
    createGeminiProfile({
      model: 'gemini-2.5-flash',
      ...(settings.commandTimeoutMs === undefined
        ? {}
        : { defaultCommandTimeoutMs: settings.commandTimeoutMs }),
    }),
  write: (_dir, path, content) => call('write_file', { file_path: path, content }),
  read: (_dir, path) => call('read_file', { file_path: path }),
  readWhole: (_dir, path) => call('run_shell_command', { command: `cat ${path}` }),
  edit: (_dir, path, oldText, newText) =>
    call('replace', {
      file_path: path,
      instruction: 'Apply the requested change',
      old_string: oldText,
      new_string: newText,
    }),
  shell: (command) => call('run_shell_command', { command }),
  grep: (pattern) => call('grep_search', { pattern }),
  glob: (pattern) => call('glob', { pattern }),
  delegate: (task) => [calls(call('invoke_agent', { agent_name: 'generalist', prompt: task }))],
  delegateTool: 'invoke_agent',
  timedOut: /Error: Command was stopped after running for [\d.]+ seconds\./,
  editTool: 'replace',
  foreignEditTools: ['apply_patch', 'Edit', 'edit_file'],
};

export const DIALECTS: readonly Dialect[] = [openaiDialect, anthropicDialect, geminiDialect];

function call(name: string, args: Record<string, unknown>): Call {
  return { type: 'tool_call', name, arguments: args };
}

function freeformCall(name: string, input: string): Call {
  return { type: 'tool_call', name, arguments: input, custom: true };
}
