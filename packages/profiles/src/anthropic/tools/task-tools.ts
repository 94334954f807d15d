import {
  defineTool,
  errorResult,
  type SubagentManager,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';
import type { ManagedProcess } from '../../shared/processes/managed-process.js';
import { ProcessRegistry } from '../../shared/processes/process-registry.js';
import { agentTaskOutput, agentTaskStop, isAgentTask } from './agent-tasks.js';

const outputParameters = Type.Object(
  {
    task_id: Type.String({ description: 'The ID of the background task.' }),
    block: Type.Boolean({ default: true, description: 'Wait for the task to finish (default true).' }),
    timeout: Type.Number({
      default: 30_000,
      minimum: 0,
      maximum: 600_000,
      description: 'How long to wait when blocking, in milliseconds (default 30000).',
    }),
  },
  { additionalProperties: false },
);

const stopParameters = Type.Object(
  {
    task_id: Type.Optional(Type.String({ description: 'The ID of the background task to stop.' })),
    shell_id: Type.Optional(Type.String({ description: 'Deprecated: use task_id.' })),
  },
  { additionalProperties: false },
);

export type TaskOutputParameters = typeof outputParameters;
export type TaskStopParameters = typeof stopParameters;

/**
 * Claude Code's `TaskOutput`: the output of a command started with run_in_background, or (given
 * the session's subagent manager) of an agent started with Agent run_in_background.
 */
export function createTaskOutputTool(agents?: SubagentManager): Tool<TaskOutputParameters> {
  return defineTool({
    name: 'TaskOutput',
    description:
      'Reads the output of a background task started with Bash run_in_background: the output since the last read, its status, and its exit code once it has finished. With block (the default) it waits up to timeout milliseconds for the task to finish.',
    parameters: outputParameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      if (agents && isAgentTask(agents, args.task_id)) return agentTaskOutput(agents, args, signal);
      const process = ProcessRegistry.of(env).get(Number(args.task_id));
      if (!process) return errorResult(`No background task found with ID: ${args.task_id}`);
      let finished = process.result !== undefined;
      if (!finished && args.block) finished = await process.waitForExit(args.timeout, signal);
      // exited settles once the last output has been read, so the text below is complete.
      const result = finished ? await process.settled() : undefined;
      const retrieval = finished ? 'success' : args.block ? 'timeout' : 'not_ready';
      const lines = [
        `<retrieval_status>${retrieval}</retrieval_status>`,
        `<task_id>${args.task_id}</task_id>`,
        '<task_type>local_bash</task_type>',
        `<status>${status(process)}</status>`,
      ];
      if (result?.exitCode !== undefined && result.exitCode !== null) {
        lines.push(`<exit_code>${result.exitCode}</exit_code>`);
      }
      const { text, droppedChars } = process.output.takeUnread();
      const dropped = droppedChars > 0 ? `[${droppedChars} earlier characters not shown]\n` : '';
      lines.push(`<output>\n${dropped}${text.trimEnd()}\n</output>`);
      return textResult(lines.join('\n\n'), { status: status(process), exitCode: result?.exitCode ?? null });
    },
  });
}

/** Claude Code's `TaskStop`: stops a background command (or, given the manager, a background agent). */
export function createTaskStopTool(agents?: SubagentManager): Tool<TaskStopParameters> {
  return defineTool({
    name: 'TaskStop',
    description: 'Stops a background task started with Bash run_in_background (its whole process group).',
    parameters: stopParameters,
    async execute(args, { env }): Promise<ToolResult> {
      const id = args.task_id ?? args.shell_id;
      if (id === undefined) return errorResult('Give the task_id of the task to stop.');
      if (agents && isAgentTask(agents, id)) return agentTaskStop(agents, id);
      const process = ProcessRegistry.of(env).get(Number(id));
      if (!process) return errorResult(`No background task found with ID: ${id}`);
      if (process.result !== undefined) {
        return errorResult(`Task ${id} is not running (status: ${status(process)}).`);
      }
      await process.handle.kill();
      return textResult(
        JSON.stringify({
          message: `Successfully stopped task: ${id} (${process.command})`,
          task_id: id,
          task_type: 'local_bash',
          command: process.command,
        }),
      );
    },
  });
}

function status(process: ManagedProcess): 'running' | 'completed' | 'failed' | 'killed' {
  const result = process.result;
  if (!result) return 'running';
  if (result.aborted || result.timedOut || result.exitCode === null) return 'killed';
  return result.exitCode === 0 ? 'completed' : 'failed';
}
