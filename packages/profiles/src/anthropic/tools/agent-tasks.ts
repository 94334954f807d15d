import {
  errorResult,
  type SubagentManager,
  type SubagentResult,
  type ToolResult,
  textResult,
} from '@weft/agent-core';

/** True when `taskId` names one of the session's subagents (ids like `agent-1`). */
export function isAgentTask(agents: SubagentManager, taskId: string): boolean {
  return agents.list().some((agent) => agent.agentId === taskId);
}

/** TaskOutput for an agent started in the background: its status and, once done, its report. */
export async function agentTaskOutput(
  agents: SubagentManager,
  args: { task_id: string; block: boolean; timeout: number },
  signal: AbortSignal,
): Promise<ToolResult> {
  const [current] = args.block
    ? await agents.wait([args.task_id], { timeoutMs: args.timeout, signal })
    : agents.list().filter((agent) => agent.agentId === args.task_id);
  if (!current) return errorResult(`No background task found with ID: ${args.task_id}`);
  const finished = current.status !== 'running';
  const lines = [
    `<retrieval_status>${finished ? 'success' : args.block ? 'timeout' : 'not_ready'}</retrieval_status>`,
    `<task_id>${args.task_id}</task_id>`,
    '<task_type>local_agent</task_type>',
    `<status>${agentStatus(current)}</status>`,
  ];
  if (current.error) lines.push(`<error>${current.error}</error>`);
  lines.push(`<output>\n${current.output}\n</output>`);
  return textResult(lines.join('\n\n'), current);
}

/** TaskStop for an agent: closes it. */
export async function agentTaskStop(agents: SubagentManager, taskId: string): Promise<ToolResult> {
  const { previousStatus } = await agents.close(taskId);
  return textResult(
    JSON.stringify({
      message: `Successfully stopped task: ${taskId} (it was ${previousStatus})`,
      task_id: taskId,
      task_type: 'local_agent',
    }),
  );
}

function agentStatus(result: SubagentResult): string {
  switch (result.status) {
    case 'running':
      return 'running';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'closed':
      return 'killed';
  }
}
