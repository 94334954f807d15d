import type { ProfileToolsContext, SubagentManager, Tool } from '@weft/agent-core';
import { type ProfileOptions, resolveCapabilities } from '../shared/capabilities.js';
import { limitsFromGeneric } from '../shared/tool-limits.js';
import type { ProfileProviderOptions, WeftProfile } from '../shared/weft-profile.js';
import { buildOpenAIPrompt } from './openai-prompt.js';
import {
  createApplyPatchTool,
  createFreeformApplyPatchTool,
  usesFreeformApplyPatch,
} from './tools/apply-patch-tool.js';
import { createListDirTool } from './tools/list-dir-tool.js';
import { createMultiAgentTools } from './tools/multi-agent-tools.js';
import { createReadFileTool } from './tools/read-file-tool.js';
import { createShellCommandTool, SHELL_COMMAND_DEFAULT_TIMEOUT_MS } from './tools/shell-command-tool.js';
import { createExecCommandTool, createWriteStdinTool } from './tools/unified-exec-tools.js';
import { createUpdatePlanTool } from './tools/update-plan-tool.js';
import { createViewImageTool } from './tools/view-image-tool.js';

export interface OpenAIProfileOptions extends ProfileOptions {
  /**
   * The shell codex gives the model: 'shell_command' (a command run to completion with a
   * timeout; codex's catalog setting, and its choice on Windows) or 'exec_command' (unified exec
   * with write_stdin: processes that outlive the call; codex's default on Linux and macOS since
   * 2026-02, and it needs an environment with `startProcess`). Default 'shell_command', which
   * works in every environment.
   */
  shell?: 'shell_command' | 'exec_command';
  /** shell_command's timeout when a call sets none. Default 10 000 ms (codex's). */
  defaultCommandTimeoutMs?: number;
  /** shell_command's largest timeout. Default: the session's `maxCommandTimeoutMs` (600 000 ms). */
  maxCommandTimeoutMs?: number;
  /**
   * Offer codex's experimental `read_file` and `list_dir` (codex gave them only to some models,
   * and dropped read_file in March 2026; its models read files through the shell). Default true.
   */
  fileTools?: boolean;
  /**
   * Which apply_patch to offer: 'freeform' (a custom tool whose input is the raw patch, under
   * codex's Lark grammar) or 'json' (a function taking `{ input }`). Default: as codex does,
   * freeform for GPT-5-family models and JSON for every other model, decided per model (the
   * session asks again when its model changes).
   */
  applyPatch?: 'freeform' | 'json';
  /** `providerOptions.openai` fields (the Responses request body), e.g. `{ service_tier: 'flex' }`. */
  openai?: Readonly<Record<string, unknown>>;
}

const LIMIT_ALIASES = {
  shell_command: 'shell',
  exec_command: 'shell',
  write_stdin: 'shell',
  apply_patch: 'apply_patch',
  read_file: 'read_file',
  list_dir: 'glob',
  spawn_agent: 'spawn_agent',
  send_input: 'spawn_agent',
  wait_agent: 'spawn_agent',
  close_agent: 'spawn_agent',
};

/**
 * exec_command and write_stdin cut their own output at max_output_tokens (10 000 tokens, about
 * 40 000 bytes, by default), and mark the cut; the session should not cut it again.
 */
const OWN_LIMITS = { exec_command: 41_000, write_stdin: 41_000 };

/**
 * The OpenAI profile, aligned with codex: apply_patch (freeform, under codex's grammar, for
 * GPT-5-family models; the JSON `input` variant for others), shell_command or
 * exec_command + write_stdin, update_plan, list_dir, read_file and view_image under codex's
 * names, parameters and output formats; our own prompt on the topics codex's covers;
 * `.codex/instructions.md` as project instructions; parallel tool calls, as codex's catalog
 * models have. The reasoning effort is the session's: @weft/llm sends it as `reasoning.effort`.
 */
export function createOpenAIProfile(options: OpenAIProfileOptions): WeftProfile {
  const shell = options.shell ?? 'shell_command';
  const defaultTimeoutMs = options.defaultCommandTimeoutMs ?? SHELL_COMMAND_DEFAULT_TIMEOUT_MS;
  const shellTools: Tool[] =
    shell === 'exec_command'
      ? [createExecCommandTool() as Tool, createWriteStdinTool() as Tool]
      : [
          // In a session the tool takes the session's timeouts (this profile's default first);
          // the profile passes only what the host set explicitly.
          createShellCommandTool({
            ...(options.defaultCommandTimeoutMs === undefined
              ? {}
              : { defaultTimeoutMs: options.defaultCommandTimeoutMs }),
            ...(options.maxCommandTimeoutMs === undefined
              ? {}
              : { maxTimeoutMs: options.maxCommandTimeoutMs }),
          }) as Tool,
        ];
  const fileTools: Tool[] =
    options.fileTools === false ? [] : [createListDirTool() as Tool, createReadFileTool() as Tool];
  const updatePlan = createUpdatePlanTool() as Tool;
  const viewImage = createViewImageTool() as Tool;
  const toolsWith = (applyPatch: Tool): readonly Tool[] =>
    Object.freeze([...shellTools, updatePlan, applyPatch, ...fileTools, viewImage]);
  // One frozen list per variant, so the session sees the same list while the variant stays.
  const freeformTools = toolsWith(createFreeformApplyPatchTool() as Tool);
  const jsonTools = toolsWith(createApplyPatchTool() as Tool);
  const tools = (context?: ProfileToolsContext): readonly Tool[] => {
    const variant =
      options.applyPatch ?? (usesFreeformApplyPatch(context?.model ?? options.model) ? 'freeform' : 'json');
    return variant === 'freeform' ? freeformTools : jsonTools;
  };
  const openaiOptions = options.openai ? { ...options.openai } : undefined;
  return {
    id: 'openai',
    provider: options.provider ?? 'openai',
    model: options.model,
    tools,
    buildSystemPrompt: buildOpenAIPrompt,
    providerOptions: (): ProfileProviderOptions => (openaiOptions ? { openai: openaiOptions } : undefined),
    capabilities: resolveCapabilities(options, { parallelToolCalls: true }),
    projectDocFiles: ['.codex/instructions.md'],
    defaultCommandTimeoutMs: defaultTimeoutMs,
    toolLimits: limitsFromGeneric(LIMIT_ALIASES, OWN_LIMITS),
    // codex's multi-agent tools in place of the loop spec's four.
    subagentTools: (manager: SubagentManager): readonly Tool[] => createMultiAgentTools(manager),
  };
}
