import type { SubagentManager, Tool } from '@weft/agent-core';
import { createReadManyFilesTool } from '@weft/tools-fs';
import { type ProfileOptions, resolveCapabilities } from '../shared/capabilities.js';
import { limitsFromGeneric } from '../shared/tool-limits.js';
import type { ProfileProviderOptions, WeftProfile } from '../shared/weft-profile.js';
import { buildGeminiPrompt } from './gemini-prompt.js';
import {
  createListBackgroundProcessesTool,
  createReadBackgroundOutputTool,
} from './tools/background-tools.js';
import { createGeminiGlobTool } from './tools/glob-tool.js';
import { createGrepSearchTool } from './tools/grep-search-tool.js';
import { createInvokeAgentTool } from './tools/invoke-agent-tool.js';
import { createListDirectoryTool } from './tools/list-directory-tool.js';
import { createGeminiReadFileTool } from './tools/read-file-tool.js';
import { createReplaceTool } from './tools/replace-tool.js';
import { createRunShellCommandTool, SHELL_INACTIVITY_TIMEOUT_MS } from './tools/run-shell-command-tool.js';
import { createGeminiWriteFileTool } from './tools/write-file-tool.js';
import { createWriteTodosTool } from './tools/write-todos-tool.js';

/**
 * gemini-cli has no overall command timeout, only the inactivity one; the profile's default is
 * the loop spec's longest (the session still caps it at its `maxCommandTimeoutMs`).
 */
export const GEMINI_DEFAULT_COMMAND_TIMEOUT_MS = 600_000;

export interface GeminiProfileOptions extends ProfileOptions {
  /**
   * run_shell_command stops a command after this long without output. Default 300 000 ms
   * (gemini-cli's); it has no per-call timeout.
   */
  shellInactivityTimeoutMs?: number;
  /**
   * run_shell_command's overall limit per command (it has no timeout parameter). Default
   * 600 000 ms; the inactivity timeout usually stops a stuck command first.
   */
  defaultCommandTimeoutMs?: number;
  /** `providerOptions.gemini`: a partial GenerateContentConfig (safetySettings, ...). */
  gemini?: Readonly<Record<string, unknown>>;
}

const LIMIT_ALIASES = {
  read_file: 'read_file',
  read_many_files: 'read_file',
  write_file: 'write_file',
  replace: 'edit_file',
  run_shell_command: 'shell',
  read_background_output: 'shell',
  grep_search: 'grep',
  glob: 'glob',
  list_directory: 'glob',
  invoke_agent: 'spawn_agent',
};

/**
 * gemini-cli cuts shell output over 40 000 characters; the session does it here (output too large
 * for the environment to keep is cut by the tool, gemini-cli's way, to about that size).
 */
const OWN_LIMITS = { run_shell_command: 41_000 };

/**
 * The Gemini profile, aligned with gemini-cli: list_directory, read_file, read_many_files,
 * grep_search, glob, replace, write_file, run_shell_command with its background-process tools,
 * and write_todos, under gemini-cli's names, parameters and output formats; our own prompt on the
 * topics gemini-cli's covers; GEMINI.md as project instructions; parallel tool calls.
 */
export function createGeminiProfile(options: GeminiProfileOptions): WeftProfile {
  const tools: readonly Tool[] = Object.freeze([
    createListDirectoryTool(),
    createGeminiReadFileTool(),
    createReadManyFilesTool(),
    createGrepSearchTool(),
    createGeminiGlobTool(),
    createReplaceTool(),
    createGeminiWriteFileTool(),
    createRunShellCommandTool({
      inactivityTimeoutMs: options.shellInactivityTimeoutMs ?? SHELL_INACTIVITY_TIMEOUT_MS,
    }),
    createListBackgroundProcessesTool(),
    createReadBackgroundOutputTool(),
    createWriteTodosTool(),
  ] as Tool[]);
  const geminiOptions = options.gemini ? { ...options.gemini } : undefined;
  return {
    id: 'gemini',
    provider: options.provider ?? 'gemini',
    model: options.model,
    tools: () => tools,
    buildSystemPrompt: buildGeminiPrompt,
    providerOptions: (): ProfileProviderOptions => (geminiOptions ? { gemini: geminiOptions } : undefined),
    capabilities: resolveCapabilities(options, { parallelToolCalls: true }),
    projectDocFiles: ['GEMINI.md'],
    defaultCommandTimeoutMs: options.defaultCommandTimeoutMs ?? GEMINI_DEFAULT_COMMAND_TIMEOUT_MS,
    toolLimits: limitsFromGeneric(LIMIT_ALIASES, OWN_LIMITS),
    // gemini-cli's one delegation tool in place of the loop spec's four.
    subagentTools: (manager: SubagentManager): readonly Tool[] => [createInvokeAgentTool(manager) as Tool],
  };
}
