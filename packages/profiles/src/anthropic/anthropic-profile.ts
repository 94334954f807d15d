import type { SubagentManager, Tool } from '@weft/agent-core';
import { type ProfileOptions, resolveCapabilities } from '../shared/capabilities.js';
import { limitsFromGeneric } from '../shared/tool-limits.js';
import type { ProfileProviderOptions, WeftProfile } from '../shared/weft-profile.js';
import { buildAnthropicPrompt } from './anthropic-prompt.js';
import { type AgentModelAlias, createAgentTool, createSendMessageTool } from './tools/agent-tools.js';
import { BASH_DEFAULT_TIMEOUT_MS, createBashTool } from './tools/bash-tool.js';
import { createEditTool } from './tools/edit-tool.js';
import { createGlobTool } from './tools/glob-tool.js';
import { createGrepTool } from './tools/grep-tool.js';
import { createReadTool } from './tools/read-tool.js';
import { createTaskOutputTool, createTaskStopTool } from './tools/task-tools.js';
import { createTodoWriteTool } from './tools/todo-write-tool.js';
import { createWriteTool } from './tools/write-tool.js';

export interface AnthropicProfileOptions extends ProfileOptions {
  /** Bash's timeout when a call sets none. Default 120 000 ms (Claude Code's). */
  defaultCommandTimeoutMs?: number;
  /** Bash's largest timeout. Default: the session's `maxCommandTimeoutMs` (600 000 ms). */
  maxCommandTimeoutMs?: number;
  /** Beta features to enable (`anthropic-beta`), e.g. 'context-1m-2025-08-07'. */
  betaHeaders?: readonly string[];
  /**
   * Model ids for the Agent tool's `model` aliases (sonnet, opus, haiku, fable); an alias without
   * one runs the agent on the session's model.
   */
  agentModels?: Partial<Record<AgentModelAlias, string>>;
  /** Further `providerOptions.anthropic` fields, merged over the profile's. */
  anthropic?: Readonly<Record<string, unknown>>;
}

/** Which generic tool's output limits each Claude Code tool takes. */
const LIMIT_ALIASES = {
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'edit_file',
  Bash: 'shell',
  Grep: 'grep',
  Glob: 'glob',
  TaskOutput: 'shell',
  Agent: 'spawn_agent',
  SendMessage: 'spawn_agent',
};

/**
 * The Anthropic profile: Claude Code's core tools under their names and parameters (Read, Write,
 * Edit, Bash with TaskOutput/TaskStop for background commands, Grep, Glob, TodoWrite), our own
 * prompt on the topics Claude Code's covers, CLAUDE.md as project instructions, Bash's 120 s
 * default timeout, and parallel tool calls. Never apply_patch.
 */
export function createAnthropicProfile(options: AnthropicProfileOptions): WeftProfile {
  const defaultTimeoutMs = options.defaultCommandTimeoutMs ?? BASH_DEFAULT_TIMEOUT_MS;
  const tools: readonly Tool[] = Object.freeze([
    createReadTool(),
    createWriteTool(),
    createEditTool(),
    // In a session the tool takes the session's timeouts (this profile's default first); the
    // profile passes only what the host set explicitly.
    createBashTool({
      ...(options.defaultCommandTimeoutMs === undefined
        ? {}
        : { defaultTimeoutMs: options.defaultCommandTimeoutMs }),
      ...(options.maxCommandTimeoutMs === undefined ? {} : { maxTimeoutMs: options.maxCommandTimeoutMs }),
    }),
    createTaskOutputTool(),
    createTaskStopTool(),
    createGrepTool(),
    createGlobTool(),
    createTodoWriteTool(),
  ] as Tool[]);
  const anthropicOptions: Record<string, unknown> = {
    ...(options.betaHeaders && options.betaHeaders.length > 0
      ? { betaHeaders: [...options.betaHeaders] }
      : {}),
    ...options.anthropic,
  };
  return {
    id: 'anthropic',
    provider: options.provider ?? 'anthropic',
    model: options.model,
    tools: () => tools,
    buildSystemPrompt: buildAnthropicPrompt,
    providerOptions: (): ProfileProviderOptions =>
      Object.keys(anthropicOptions).length > 0 ? { anthropic: anthropicOptions } : undefined,
    capabilities: resolveCapabilities(options, { parallelToolCalls: true }),
    projectDocFiles: ['CLAUDE.md'],
    defaultCommandTimeoutMs: defaultTimeoutMs,
    toolLimits: limitsFromGeneric(LIMIT_ALIASES),
    // Claude Code's way to delegate: Agent runs a subagent to its end; SendMessage continues one;
    // TaskOutput and TaskStop also reach agents started in the background.
    subagentTools: (manager: SubagentManager): readonly Tool[] => [
      createAgentTool(manager, options.agentModels ? { models: options.agentModels } : {}) as Tool,
      createSendMessageTool(manager) as Tool,
      createTaskOutputTool(manager) as Tool,
      createTaskStopTool(manager) as Tool,
    ],
  };
}
