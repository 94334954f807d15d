import {
  defineTool,
  errorResult,
  SubagentError,
  type SubagentManager,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';

const parameters = Type.Object({
  agent_name: Type.String({
    description: 'Which agent to use (every name runs the general-purpose agent here).',
  }),
  prompt: Type.String({ description: 'The task, with everything the agent needs to know.' }),
  wait_for_previous: Type.Optional(
    Type.Boolean({ description: 'Wait for the earlier calls of this turn to finish first.' }),
  ),
});

export type InvokeAgentParameters = typeof parameters;

/** gemini-cli's `invoke_agent`: runs a subagent to its end and returns its report. */
export function createInvokeAgentTool(agents: SubagentManager): Tool<InvokeAgentParameters> {
  return defineTool({
    name: 'invoke_agent',
    description:
      'Delegates a self-contained task to a subagent, which works in the same project with its own conversation and returns its final report as the result. The prompt must contain everything it needs.',
    parameters,
    async execute(args, { signal }): Promise<ToolResult> {
      try {
        const result = await agents.run({ task: args.prompt }, signal);
        if (result.success) return textResult(result.output, result);
        const why = result.error ?? `it stopped (${result.stopReason ?? result.status})`;
        return errorResult(`Subagent '${args.agent_name}' failed. Error: ${why}`, result);
      } catch (error) {
        if (error instanceof SubagentError) {
          return errorResult(`Subagent '${args.agent_name}' failed. Error: ${error.message}`);
        }
        throw error;
      }
    },
  });
}
