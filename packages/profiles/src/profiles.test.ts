import type { SystemPromptContext, Tool } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { describe, expect, it } from 'vitest';
import { createAnthropicProfile } from './anthropic/anthropic-profile.js';
import { createGeminiProfile } from './gemini/gemini-profile.js';
import { createGenericProfile } from './generic/generic-profile.js';
import { createOpenAIProfile } from './openai/openai-profile.js';
import type { WeftProfile } from './shared/weft-profile.js';

const env = new LocalExecutionEnvironment({ workingDirectory: process.cwd() });
const context = (profile: WeftProfile, tools: readonly Tool[] = profile.tools()): SystemPromptContext => ({
  env,
  model: profile.model,
  tools,
  date: '2026-01-01',
});

interface ProfileCase {
  profile: WeftProfile;
  id: string;
  provider: string;
  projectDocFiles: string[];
  contextWindow: number;
  defaultCommandTimeoutMs: number | undefined;
  /** Phrases that show the prompt covers each topic the loop spec lists (§6.2). */
  topics: Record<'identity' | 'tools' | 'edit format' | 'coding practice', RegExp>;
  /** The edit tool the prompt explains. */
  editTool: string;
}

const CASES: ProfileCase[] = [
  {
    profile: createAnthropicProfile({ model: 'claude-sonnet-4-5' }),
    id: 'anthropic',
    provider: 'anthropic',
    projectDocFiles: ['CLAUDE.md'],
    contextWindow: 200_000,
    defaultCommandTimeoutMs: 120_000,
    topics: {
      identity: /You are a coding agent/,
      tools: /Read a file before you edit it/,
      'edit format': /old_string must match the file exactly[\s\S]*only once unless you set replace_all/,
      'coding practice': /Keep the style of the surrounding code/,
    },
    editTool: 'Edit',
  },
  {
    profile: createOpenAIProfile({ model: 'gpt-5.1-codex' }),
    id: 'openai',
    provider: 'openai',
    projectDocFiles: ['.codex/instructions.md'],
    contextWindow: 400_000,
    defaultCommandTimeoutMs: 10_000,
    topics: {
      identity: /You are a coding agent running in the user's workspace/,
      tools: /Search with rg/,
      'edit format': /"\*\*\* Begin Patch"[\s\S]*"\*\*\* Update File: <path>"/,
      'coding practice': /smallest change that solves the problem at its root/,
    },
    editTool: 'apply_patch',
  },
  {
    profile: createGeminiProfile({ model: 'gemini-2.5-pro' }),
    id: 'gemini',
    provider: 'gemini',
    projectDocFiles: ['GEMINI.md'],
    contextWindow: 1_048_576,
    defaultCommandTimeoutMs: 600_000,
    topics: {
      identity: /You are an interactive coding agent/,
      tools: /Search contents with grep_search/,
      'edit format': /old_string must match the file's current text exactly/,
      'coding practice': /Follow the project's conventions/,
    },
    editTool: 'replace',
  },
  {
    profile: createGenericProfile({ model: 'claude-haiku-4-5', provider: 'anthropic' }),
    id: 'generic',
    provider: 'anthropic',
    projectDocFiles: [],
    contextWindow: 200_000,
    defaultCommandTimeoutMs: 10_000,
    topics: {
      identity: /You are a coding agent/,
      tools: /Search file contents with grep/,
      'edit format': /old_string must match the file exactly/,
      'coding practice': /in the style of the surrounding code/,
    },
    editTool: 'edit_file',
  },
];

describe.each(CASES.map((entry) => [entry.id, entry] as const))('the %s profile', (_id, entry) => {
  const { profile } = entry;

  it('states its identity, provider, project instruction files and command timeout', () => {
    expect(profile).toMatchObject({
      id: entry.id,
      provider: entry.provider,
      projectDocFiles: entry.projectDocFiles,
    });
    expect(profile.defaultCommandTimeoutMs).toBe(entry.defaultCommandTimeoutMs);
  });

  it('states its context window, parallel-tool support and reasoning support', () => {
    expect(profile.capabilities).toMatchObject({
      contextWindow: entry.contextWindow,
      parallelToolCalls: true,
      reasoning: true,
      streaming: true,
      vision: true,
    });
  });

  it('lets the host override the capabilities', () => {
    const overridden = profileWith(entry.id, {
      contextWindow: 32_000,
      parallelToolCalls: false,
      reasoning: false,
    });
    expect(overridden.capabilities).toMatchObject({
      contextWindow: 32_000,
      parallelToolCalls: false,
      reasoning: false,
    });
  });

  it.each(Object.entries(entry.topics))('builds a prompt covering %s', (_topic, phrase) => {
    expect(profile.buildSystemPrompt(context(profile))).toMatch(phrase);
  });

  it('explains its edit tool only when the model has it', () => {
    const withTool = profile.buildSystemPrompt(context(profile));
    const without = profile.buildSystemPrompt(
      context(
        profile,
        profile.tools().filter((tool) => tool.name !== entry.editTool),
      ),
    );
    expect(withTool).toContain(entry.editTool);
    expect(without).not.toMatch(entry.topics['edit format']);
  });

  it('maps the loop spec’s output limits onto its tool names', () => {
    for (const tool of profile.tools()) {
      if (
        tool.name.startsWith('list_background') ||
        ['TaskStop', 'TodoWrite', 'update_plan', 'write_todos', 'view_image'].includes(tool.name)
      )
        continue;
      expect(profile.toolLimits.toolOutputLimits[tool.name], tool.name).toBeGreaterThan(0);
    }
  });
});

describe('provider options', () => {
  it('Anthropic passes beta headers and its own options; none by default', () => {
    expect(createAnthropicProfile({ model: 'claude-opus-4-6' }).providerOptions?.()).toBeUndefined();
    expect(
      createAnthropicProfile({
        model: 'claude-opus-4-6',
        betaHeaders: ['context-1m-2025-08-07'],
        anthropic: { autoCache: false },
      }).providerOptions?.(),
    ).toEqual({ anthropic: { betaHeaders: ['context-1m-2025-08-07'], autoCache: false } });
  });

  it('OpenAI needs none for reasoning (the session’s effort becomes reasoning.effort) and passes its own', () => {
    expect(createOpenAIProfile({ model: 'gpt-5' }).providerOptions?.()).toBeUndefined();
    expect(
      createOpenAIProfile({ model: 'gpt-5', openai: { service_tier: 'flex' } }).providerOptions?.(),
    ).toEqual({
      openai: { service_tier: 'flex' },
    });
  });

  it('Gemini passes safety settings and the like through', () => {
    const safetySettings = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }];
    expect(
      createGeminiProfile({ model: 'gemini-2.5-flash', gemini: { safetySettings } }).providerOptions?.(),
    ).toEqual({
      gemini: { safetySettings },
    });
  });
});

describe('the generic profile', () => {
  it("offers the loop spec's vocabulary, list_dir by default and apply_patch on request", () => {
    const names = (profile: WeftProfile) => profile.tools().map((tool) => tool.name);
    expect(names(createGenericProfile({ model: 'gpt-5', provider: 'openai' }))).toEqual([
      'read_file',
      'write_file',
      'edit_file',
      'shell',
      'grep',
      'glob',
      'list_dir',
    ]);
    expect(
      names(createGenericProfile({ model: 'gpt-5', provider: 'openai', listDir: false, applyPatch: true })),
    ).toEqual(['read_file', 'write_file', 'edit_file', 'shell', 'grep', 'glob', 'apply_patch']);
  });
});

function profileWith(
  id: string,
  overrides: { contextWindow: number; parallelToolCalls: boolean; reasoning: boolean },
) {
  switch (id) {
    case 'anthropic':
      return createAnthropicProfile({ model: 'claude-sonnet-4-5', ...overrides });
    case 'openai':
      return createOpenAIProfile({ model: 'gpt-5', ...overrides });
    case 'gemini':
      return createGeminiProfile({ model: 'gemini-2.5-pro', ...overrides });
    default:
      return createGenericProfile({ model: 'x', provider: 'openai', ...overrides });
  }
}
