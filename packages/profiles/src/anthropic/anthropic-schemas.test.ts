import { describe, expect, it } from 'vitest';
import { itMatchesReferenceSchemas, type ObjectFacts } from '../testing/schema-facts.js';
import { createAnthropicProfile } from './anthropic-profile.js';

/**
 * Claude Code 2.1.197's wire schemas (shared/reference/reference-agent-tool-schemas.md §1.3),
 * parameter by parameter: names, types, required flags, enums, the defaults the schema carries,
 * and the JSON Schema limits. Every tool's object is closed (`additionalProperties: false`).
 * Two Grep parameters are deliberately absent (see OMITTED).
 */
const CLAUDE_CODE: Record<string, ObjectFacts> = {
  Read: {
    closed: true,
    parameters: {
      file_path: { type: 'string', required: true },
      offset: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
      limit: { type: 'integer', exclusiveMinimum: 0 },
      pages: { type: 'string' },
    },
  },
  Write: {
    closed: true,
    parameters: {
      file_path: { type: 'string', required: true },
      content: { type: 'string', required: true },
    },
  },
  Edit: {
    closed: true,
    parameters: {
      file_path: { type: 'string', required: true },
      old_string: { type: 'string', required: true },
      new_string: { type: 'string', required: true },
      replace_all: { type: 'boolean', default: false },
    },
  },
  Bash: {
    closed: true,
    parameters: {
      command: { type: 'string', required: true },
      timeout: { type: 'number' },
      description: { type: 'string' },
      run_in_background: { type: 'boolean' },
      dangerouslyDisableSandbox: { type: 'boolean' },
    },
  },
  TaskOutput: {
    closed: true,
    parameters: {
      task_id: { type: 'string', required: true },
      block: { type: 'boolean', required: true, default: true },
      timeout: { type: 'number', required: true, default: 30_000, minimum: 0, maximum: 600_000 },
    },
  },
  TaskStop: {
    closed: true,
    parameters: { task_id: { type: 'string' }, shell_id: { type: 'string' } },
  },
  Grep: {
    closed: true,
    parameters: {
      pattern: { type: 'string', required: true },
      path: { type: 'string' },
      glob: { type: 'string' },
      output_mode: { type: 'string', enum: ['content', 'files_with_matches', 'count'] },
      '-B': { type: 'number' },
      '-A': { type: 'number' },
      '-C': { type: 'number' },
      context: { type: 'number' },
      '-n': { type: 'boolean' },
      '-i': { type: 'boolean' },
      type: { type: 'string' },
      head_limit: { type: 'number' },
      offset: { type: 'number' },
    },
  },
  Glob: {
    closed: true,
    parameters: { pattern: { type: 'string', required: true }, path: { type: 'string' } },
  },
  TodoWrite: {
    closed: true,
    parameters: {
      todos: {
        type: 'array',
        required: true,
        items: {
          closed: true,
          parameters: {
            content: { type: 'string', required: true, minLength: 1 },
            status: { type: 'string', required: true, enum: ['pending', 'in_progress', 'completed'] },
            activeForm: { type: 'string', required: true, minLength: 1 },
          },
        },
      },
    },
  },
};

/**
 * Reference parameters we do not offer, with why: the shared ripgrep search has no only-matching
 * or multiline mode, and offering a parameter that can only fail would mislead the model.
 */
const OMITTED: Record<string, string[]> = { Grep: ['-o', 'multiline'] };

describe('Anthropic profile tool schemas match Claude Code', () => {
  const tools = createAnthropicProfile({ model: 'claude-sonnet-4-5' }).tools();

  it('offers exactly the Claude Code tools it implements, in a stable order, and never apply_patch', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'Read',
      'Write',
      'Edit',
      'Bash',
      'TaskOutput',
      'TaskStop',
      'Grep',
      'Glob',
      'TodoWrite',
    ]);
    expect(tools.map((tool) => tool.name)).not.toContain('apply_patch');
  });

  itMatchesReferenceSchemas(tools, CLAUDE_CODE, OMITTED);

  it('gives every tool a description of its own', () => {
    for (const tool of tools) expect(tool.description.length, tool.name).toBeGreaterThan(40);
  });
});
