import { defineTool, type Static, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { stringEnum } from '../../shared/schema.js';

const TODO_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'] as const;

const parameters = Type.Object(
  {
    todos: Type.Array(
      Type.Object(
        {
          description: Type.String({ description: 'The task.' }),
          status: stringEnum(TODO_STATUSES),
        },
        { additionalProperties: false },
      ),
      { description: 'The whole updated list.' },
    ),
  },
  { additionalProperties: false },
);

export type WriteTodosParameters = typeof parameters;
export type GeminiTodo = Static<WriteTodosParameters>['todos'][number];

/** gemini-cli's `write_todos`: replaces the list and echoes it back numbered. */
export function createWriteTodosTool(): Tool<WriteTodosParameters> {
  return defineTool({
    name: 'write_todos',
    description:
      'Keeps the list of subtasks for a complex request. Send the whole list each time; keep one task in_progress, mark tasks completed as soon as they are done, and mark ones that no longer apply cancelled (or blocked when something stops them). Skip it for simple requests.',
    parameters,
    async execute(args): Promise<ToolResult> {
      if (args.todos.length === 0) return textResult('Successfully cleared the todo list.', { todos: [] });
      const list = args.todos
        .map((todo, index) => `${index + 1}. [${todo.status}] ${todo.description}`)
        .join('\n');
      return textResult(`Successfully updated the todo list. The current list is now:\n${list}`, {
        todos: args.todos,
      });
    },
  });
}
