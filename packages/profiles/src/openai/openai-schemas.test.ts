import { describe, expect, it } from 'vitest';
import { itMatchesReferenceSchemas, type ObjectFacts } from '../testing/schema-facts.js';
import { createOpenAIProfile } from './openai-profile.js';

/**
 * codex 0.169.0's function schemas (shared/reference/reference-agent-tool-schemas.md §2 and
 * codex-apply-patch-and-tools.md §4): every JSON function tool is a closed object. Defaults are
 * applied by codex at run time and are not written in its schemas, so none appear here.
 */
const CODEX: Record<string, ObjectFacts> = {
  apply_patch: { closed: true, parameters: { input: { type: 'string', required: true } } },
  shell_command: {
    closed: true,
    parameters: {
      command: { type: 'string', required: true },
      workdir: { type: 'string' },
      timeout_ms: { type: 'number' },
      login: { type: 'boolean' },
    },
  },
  exec_command: {
    closed: true,
    parameters: {
      cmd: { type: 'string', required: true },
      workdir: { type: 'string' },
      shell: { type: 'string' },
      tty: { type: 'boolean' },
      yield_time_ms: { type: 'number' },
      max_output_tokens: { type: 'number' },
      login: { type: 'boolean' },
    },
  },
  write_stdin: {
    closed: true,
    parameters: {
      session_id: { type: 'number', required: true },
      chars: { type: 'string' },
      yield_time_ms: { type: 'number' },
      max_output_tokens: { type: 'number' },
    },
  },
  update_plan: {
    closed: true,
    parameters: {
      explanation: { type: 'string' },
      plan: {
        type: 'array',
        required: true,
        items: {
          closed: true,
          parameters: {
            step: { type: 'string', required: true },
            status: { type: 'string', required: true },
          },
        },
      },
    },
  },
  list_dir: {
    closed: true,
    parameters: {
      dir_path: { type: 'string', required: true },
      offset: { type: 'number' },
      limit: { type: 'number' },
      depth: { type: 'number' },
    },
  },
  read_file: {
    closed: true,
    parameters: {
      file_path: { type: 'string', required: true },
      offset: { type: 'number' },
      limit: { type: 'number' },
      mode: { type: 'string' },
      indentation: {
        type: 'object',
        properties: {
          closed: true,
          parameters: {
            anchor_line: { type: 'number' },
            max_levels: { type: 'number' },
            include_siblings: { type: 'boolean' },
            include_header: { type: 'boolean' },
            max_lines: { type: 'number' },
          },
        },
      },
    },
  },
  view_image: { closed: true, parameters: { path: { type: 'string', required: true } } },
};

/**
 * Reference parameters we leave out, and why: the approval parameters ask a sandbox for
 * escalation, and Weft's environments have no sandbox or approval flow to ask (hooks decide);
 * view_image's `detail` is offered by codex only to models that accept original-detail images.
 */
const OMITTED: Record<string, string[]> = {
  shell_command: ['sandbox_permissions', 'justification', 'prefix_rule'],
  exec_command: ['sandbox_permissions', 'justification', 'prefix_rule'],
  view_image: ['detail'],
};

describe('OpenAI profile tool schemas match codex', () => {
  const shellCommand = createOpenAIProfile({ model: 'gpt-5.1-codex' }).tools();
  const unifiedExec = createOpenAIProfile({ model: 'gpt-5.1-codex', shell: 'exec_command' }).tools();
  const all = [...shellCommand, ...unifiedExec];

  it("offers codex's tools in codex's order: the shell family, update_plan, apply_patch, list_dir, read_file, view_image", () => {
    expect(shellCommand.map((tool) => tool.name)).toEqual([
      'shell_command',
      'update_plan',
      'apply_patch',
      'list_dir',
      'read_file',
      'view_image',
    ]);
    expect(unifiedExec.map((tool) => tool.name).slice(0, 3)).toEqual([
      'exec_command',
      'write_stdin',
      'update_plan',
    ]);
    const withoutFiles = createOpenAIProfile({ model: 'gpt-5', fileTools: false }).tools();
    expect(withoutFiles.map((tool) => tool.name)).toEqual([
      'shell_command',
      'update_plan',
      'apply_patch',
      'view_image',
    ]);
  });

  itMatchesReferenceSchemas(all, CODEX, OMITTED);

  it('never offers Claude Code or gemini-cli editing tools', () => {
    const names = all.map((tool) => tool.name);
    for (const foreign of ['Edit', 'Write', 'edit_file', 'replace', 'write_file'])
      expect(names).not.toContain(foreign);
  });
});
