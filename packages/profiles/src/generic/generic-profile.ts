import type { Tool } from '@weft/agent-core';
import { createListDirTool, editFileTool, readFileTool, writeFileTool } from '@weft/tools-fs';
import { applyPatchShellInterceptor, applyPatchTool } from '@weft/tools-patch';
import { globTool, grepTool } from '@weft/tools-search';
import { createShellTool, DEFAULT_SHELL_TIMEOUT_MS } from '@weft/tools-shell';
import { type ProfileOptions, resolveCapabilities } from '../shared/capabilities.js';
import { limitsFromGeneric } from '../shared/tool-limits.js';
import type { ProfileProviderOptions, WeftProfile } from '../shared/weft-profile.js';
import { buildGenericPrompt } from './generic-prompt.js';

export interface GenericProfileOptions extends ProfileOptions {
  /** The @weft/llm provider requests go to: this profile fits any. */
  provider: string;
  /** The shell tool's timeout when a call sets none. Default 10 000 ms (the loop spec's). */
  defaultCommandTimeoutMs?: number;
  /** The shell tool's largest timeout. Default 600 000 ms. */
  maxCommandTimeoutMs?: number;
  /** Offer list_dir. Default true. */
  listDir?: boolean;
  /** Offer apply_patch (and answer `apply_patch <<EOF` shell commands with it). Default false. */
  applyPatch?: boolean;
  /** Project instruction files besides AGENTS.md. Default none. */
  projectDocFiles?: readonly string[];
  /** Provider options, keyed by provider name, passed through as they are. */
  providerOptions?: ProfileProviderOptions;
}

const LIMIT_ALIASES = {
  read_file: 'read_file',
  write_file: 'write_file',
  edit_file: 'edit_file',
  shell: 'shell',
  grep: 'grep',
  glob: 'glob',
  list_dir: 'glob',
  apply_patch: 'apply_patch',
};

/**
 * The loop spec's own vocabulary (§3.3: read_file, write_file, edit_file, shell, grep, glob;
 * list_dir and apply_patch optional), for hosts that want one set of tool names whatever the
 * provider. The tools are the tool packages' generic ones, unchanged.
 */
export function createGenericProfile(options: GenericProfileOptions): WeftProfile {
  const defaultTimeoutMs = options.defaultCommandTimeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
  // In a session the shell tool takes the session's timeouts (this profile's default first).
  const shell = createShellTool({
    ...(options.defaultCommandTimeoutMs === undefined
      ? {}
      : { defaultTimeoutMs: options.defaultCommandTimeoutMs }),
    ...(options.maxCommandTimeoutMs === undefined ? {} : { maxTimeoutMs: options.maxCommandTimeoutMs }),
    ...(options.applyPatch ? { interceptors: [applyPatchShellInterceptor] } : {}),
  });
  const tools: readonly Tool[] = Object.freeze([
    readFileTool,
    writeFileTool,
    editFileTool,
    shell,
    grepTool,
    globTool,
    ...(options.listDir === false ? [] : [createListDirTool()]),
    ...(options.applyPatch ? [applyPatchTool] : []),
  ] as Tool[]);
  const providerOptions = options.providerOptions;
  return {
    id: 'generic',
    provider: options.provider,
    model: options.model,
    tools: () => tools,
    buildSystemPrompt: buildGenericPrompt,
    providerOptions: () => providerOptions,
    capabilities: resolveCapabilities(options, { parallelToolCalls: true }),
    projectDocFiles: [...(options.projectDocFiles ?? [])],
    defaultCommandTimeoutMs: defaultTimeoutMs,
    toolLimits: limitsFromGeneric(LIMIT_ALIASES),
  };
}
