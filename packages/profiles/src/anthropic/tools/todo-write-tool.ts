import { defineTool, type Static, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import { stringEnum } from '../../shared/schema.js';

const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;

const parameters = Type.Object(
  {
    todos: Type.Array(
      Type.Object(
        {
          content: Type.String({
            minLength: 1,
            description: 'What needs doing, in the imperative ("Run the tests").',
          }),
          status: stringEnum(TODO_STATUSES),
          activeForm: Type.String({
            minLength: 1,
            description: 'The same task as it is being done ("Running the tests").',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'The whole updated list.' },
    ),
  },
  { additionalProperties: false },
);

export type TodoWriteParameters = typeof parameters;
export type TodoItem = Static<TodoWriteParameters>['todos'][number];

const DESCRIPTION = `Keeps a checklist for the current task, so you and the user can see progress.
- Use it for work with three or more steps, or when the user gives several tasks; skip it for a single simple step.
- Send the whole list every time. Keep exactly one item in_progress while you work, and mark each item completed as soon as it is done, not in batches.
- Add items you discover along the way; remove ones that no longer apply.`;

/**
 * Claude Code's `TodoWrite`. The list lives in the conversation: each call replaces it, and the
 * host gets it in `details` to show. When every item is completed the list is cleared, as in
 * Claude Code.
 */
export function createTodoWriteTool(): Tool<TodoWriteParameters> {
  return defineTool({
    name: 'TodoWrite',
    description: DESCRIPTION,
    parameters,
    async execute(args): Promise<ToolResult> {
      const allDone = args.todos.length > 0 && args.todos.every((todo) => todo.status === 'completed');
      return textResult(
        'The todo list has been updated. Keep working through it, and update it as items are started and completed.',
        { todos: allDone ? [] : args.todos },
      );
    },
  });
}
