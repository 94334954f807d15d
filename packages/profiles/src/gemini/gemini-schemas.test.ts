import { describe, expect, it } from 'vitest';
import { itMatchesReferenceSchemas, type ObjectFacts, toolFacts } from '../testing/schema-facts.js';
import { createGeminiProfile } from './gemini-profile.js';

/**
 * gemini-cli 0.61.0's declarations (shared/reference/reference-agent-tool-schemas.md §3.2). Its
 * schemas do not set `additionalProperties`, except write_todos (both levels); defaults are
 * applied by the tools, not written in the schemas. Tools that keep gemini-cli's default schema
 * (the background-process tools, invoke_agent) carry an optional `wait_for_previous`.
 */
const GEMINI_CLI: Record<string, ObjectFacts> = {
  read_file: {
    parameters: {
      file_path: { type: 'string', required: true },
      start_line: { type: 'integer', minimum: 1 },
      end_line: { type: 'integer', minimum: 1 },
    },
  },
  write_file: {
    parameters: {
      file_path: { type: 'string', required: true },
      content: { type: 'string', required: true },
    },
  },
  replace: {
    parameters: {
      file_path: { type: 'string', required: true },
      instruction: { type: 'string', required: true },
      old_string: { type: 'string', required: true },
      new_string: { type: 'string', required: true },
      allow_multiple: { type: 'boolean' },
    },
  },
  run_shell_command: {
    parameters: {
      command: { type: 'string', required: true },
      description: { type: 'string' },
      dir_path: { type: 'string' },
      is_background: { type: 'boolean' },
      delay_ms: { type: 'integer' },
    },
  },
  grep_search: {
    parameters: {
      pattern: { type: 'string', required: true },
      dir_path: { type: 'string' },
      include_pattern: { type: 'string' },
      exclude_pattern: { type: 'string' },
      names_only: { type: 'boolean' },
      case_sensitive: { type: 'boolean' },
      fixed_strings: { type: 'boolean' },
      context: { type: 'integer', minimum: 0 },
      after: { type: 'integer', minimum: 0 },
      before: { type: 'integer', minimum: 0 },
      no_ignore: { type: 'boolean' },
      max_matches_per_file: { type: 'integer', minimum: 1 },
      total_max_matches: { type: 'integer', minimum: 1 },
    },
  },
  glob: {
    parameters: {
      pattern: { type: 'string', required: true },
      dir_path: { type: 'string' },
      case_sensitive: { type: 'boolean' },
      respect_git_ignore: { type: 'boolean' },
      respect_gemini_ignore: { type: 'boolean' },
    },
  },
  list_directory: {
    parameters: {
      dir_path: { type: 'string', required: true },
      ignore: { type: 'array', items: { parameters: { '': { type: 'string' } } } },
      file_filtering_options: {
        type: 'object',
        properties: {
          parameters: { respect_git_ignore: { type: 'boolean' }, respect_gemini_ignore: { type: 'boolean' } },
        },
      },
    },
  },
  list_background_processes: { parameters: { wait_for_previous: { type: 'boolean' } } },
  read_background_output: {
    parameters: {
      pid: { type: 'integer', required: true },
      lines: { type: 'integer', minimum: 1 },
      delay_ms: { type: 'integer' },
      wait_for_previous: { type: 'boolean' },
    },
  },
  write_todos: {
    closed: true,
    parameters: {
      todos: {
        type: 'array',
        required: true,
        items: {
          closed: true,
          parameters: {
            description: { type: 'string', required: true },
            status: {
              type: 'string',
              required: true,
              enum: ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'],
            },
          },
        },
      },
    },
  },
};

/**
 * Reference parameters left out, and why: `additional_permissions` is declared only when
 * gemini-cli's tool sandboxing is on, and Weft's environments have no sandbox to ask.
 */
const OMITTED: Record<string, string[]> = { run_shell_command: ['additional_permissions'] };

describe('Gemini profile tool schemas match gemini-cli', () => {
  const tools = createGeminiProfile({ model: 'gemini-2.5-pro' }).tools();

  it("offers gemini-cli's tools in its registration order", () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_directory',
      'read_file',
      'read_many_files',
      'grep_search',
      'glob',
      'replace',
      'write_file',
      'run_shell_command',
      'list_background_processes',
      'read_background_output',
      'write_todos',
    ]);
  });

  itMatchesReferenceSchemas(tools, GEMINI_CLI, OMITTED);

  it("read_many_files takes gemini-cli's parameter names", () => {
    const facts = toolFacts(tools.find((tool) => tool.name === 'read_many_files')!);
    expect(facts.parameters.include).toMatchObject({ type: 'array', required: true });
    expect(Object.keys(facts.parameters).sort()).toEqual([
      'exclude',
      'include',
      'recursive',
      'useDefaultExcludes',
    ]);
  });
});
