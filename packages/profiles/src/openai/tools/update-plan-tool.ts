import {
  defineTool,
  errorResult,
  type Static,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';

const STEP_STATUSES = ['pending', 'in_progress', 'completed'] as const;

const parameters = Type.Object(
  {
    explanation: Type.Optional(
      Type.String({ description: 'Why the plan changed, in a sentence (optional).' }),
    ),
    plan: Type.Array(
      Type.Object(
        {
          step: Type.String({ description: 'A short description of the step.' }),
          status: Type.String({ description: 'One of: pending, in_progress, completed.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'The steps, in order.' },
    ),
  },
  { additionalProperties: false },
);

export type UpdatePlanParameters = typeof parameters;
export type PlanStep = Static<UpdatePlanParameters>['plan'][number];

const DESCRIPTION = `Shows the user your plan for the task as a checklist, and updates it as you go.
- Use it for tasks with several meaningful steps; skip it for simple ones, and never make a one-step plan.
- Keep at most one step in_progress; mark steps completed as you finish them, and send the whole plan each time.
- Give an explanation when you change the plan.`;

/**
 * codex's `update_plan`. `status` is a plain string in codex's schema (the allowed values are in
 * its description), but codex rejects other values when it reads the call, and so do we.
 */
export function createUpdatePlanTool(): Tool<UpdatePlanParameters> {
  return defineTool({
    name: 'update_plan',
    description: DESCRIPTION,
    parameters,
    async execute(args): Promise<ToolResult> {
      const invalid = args.plan.find((item) => !(STEP_STATUSES as readonly string[]).includes(item.status));
      if (invalid) {
        return errorResult(
          `Invalid status "${invalid.status}" for step "${invalid.step}": use pending, in_progress or completed.`,
        );
      }
      return textResult('Plan updated', {
        plan: args.plan,
        ...(args.explanation === undefined ? {} : { explanation: args.explanation }),
      });
    },
  });
}
