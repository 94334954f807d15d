import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { ProviderProfile, SystemPromptContext } from '../profile/provider-profile.js';
import { ProcessTestEnvironment } from '../testing/process-test-environment.js';
import { defineTool, type Tool, textResult } from '../tools/tool.js';
import { assembleSystemPrompt } from './assemble-system-prompt.js';
import type { ProjectDocs } from './project-docs.js';

const readFile = defineTool({
  name: 'read_file',
  description:
    'Reads a file from the filesystem. Returns numbered lines.\n\nUse offset and limit for large files.',
  parameters: Type.Object({ file_path: Type.String() }),
  execute: async () => textResult(''),
});
const shell = defineTool({
  name: 'shell',
  description: 'Runs a command in bash',
  parameters: Type.Object({ command: Type.String() }),
  execute: async () => textResult(''),
});
const tools: Tool[] = [readFile, shell];

function profile(seen: SystemPromptContext[] = []): ProviderProfile {
  return {
    id: 'test',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    tools: () => tools,
    buildSystemPrompt: (context) => {
      seen.push(context);
      return 'BASE INSTRUCTIONS';
    },
    capabilities: {
      parallelToolCalls: true,
      reasoning: true,
      streaming: true,
      contextWindow: 200_000,
      knowledgeCutoff: '2025-09',
      vision: true,
    },
    projectDocFiles: ['CLAUDE.md'],
  };
}

const env = new ProcessTestEnvironment('/work/app');
const docs: ProjectDocs = { files: [], text: 'PROJECT DOCS', truncated: false, warnings: [] };

describe('assembleSystemPrompt', () => {
  it('orders the layers: base, environment, tools, project docs, host instructions last', () => {
    const prompt = assembleSystemPrompt({
      profile: profile(),
      env,
      model: 'claude-sonnet-5-5',
      tools,
      date: '2026-03-14',
      projectDocs: docs,
      hostInstructions: 'HOST INSTRUCTIONS',
    });

    const positions = [
      'BASE INSTRUCTIONS',
      '<environment>',
      '<tools>',
      'PROJECT DOCS',
      'HOST INSTRUCTIONS',
    ].map((marker) => prompt.indexOf(marker));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(prompt.startsWith('BASE INSTRUCTIONS\n\n<environment>')).toBe(true);
    expect(prompt.endsWith('PROJECT DOCS\n\nHOST INSTRUCTIONS')).toBe(true);
  });

  it("gives the profile the call's model, tools, date and environment, and shows the cutoff", () => {
    const seen: SystemPromptContext[] = [];
    const prompt = assembleSystemPrompt({
      profile: profile(seen),
      env,
      model: 'claude-opus-5-5',
      tools,
      date: new Date(2026, 2, 14),
    });

    expect(seen).toEqual([{ env, model: 'claude-opus-5-5', tools, date: '2026-03-14' }]);
    expect(prompt).toContain('Model: Claude Opus 5.5 (claude-opus-5-5)');
    expect(prompt).toContain('Knowledge cutoff: 2025-09');
  });

  it('summarizes each tool in one line by default', () => {
    const prompt = assembleSystemPrompt({ profile: profile(), env, model: 'm', tools, date: '2026-03-14' });

    expect(prompt).toContain(
      [
        '<tools>',
        'Tools available to you (their parameters come with each request):',
        '- read_file: Reads a file from the filesystem.',
        '- shell: Runs a command in bash',
        '</tools>',
      ].join('\n'),
    );
    expect(prompt).not.toContain('Use offset and limit');
  });

  it("includes whole descriptions with 'full' and no tool layer with 'none' or without tools", () => {
    const base = { profile: profile(), env, model: 'm', tools, date: '2026-03-14' };

    expect(assembleSystemPrompt({ ...base, toolDescriptions: 'full' })).toContain(
      '## read_file\nReads a file from the filesystem. Returns numbered lines.\n\nUse offset and limit for large files.',
    );
    expect(assembleSystemPrompt({ ...base, toolDescriptions: 'none' })).not.toContain('<tools>');
    expect(assembleSystemPrompt({ ...base, tools: [] })).not.toContain('<tools>');
  });

  it('leaves out empty layers without leaving blank runs', () => {
    const prompt = assembleSystemPrompt({
      profile: profile(),
      env,
      model: 'm',
      tools: [],
      date: '2026-03-14',
      projectDocs: { ...docs, text: '' },
      hostInstructions: '  ',
    });

    expect(prompt.endsWith('</environment>')).toBe(true);
    expect(prompt).not.toMatch(/\n{3}/);
  });
});
