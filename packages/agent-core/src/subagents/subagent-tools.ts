import { Type } from 'typebox';
import { defineTool, type Tool, textResult } from '../tools/tool.js';
import { ToolError } from '../tools/tool-error.js';
import { formatSubagentResult } from './format-result.js';
import { SubagentError } from './subagent-error.js';
import { markSubagentTool, type SubagentManager } from './subagent-manager.js';

/** The loop spec's names (§7.2). Profiles present the same behaviour under their agents' names. */
export const SUBAGENT_TOOL_NAMES = ['spawn_agent', 'send_input', 'wait', 'close_agent'] as const;

/** spawn_agent, send_input, wait and close_agent over `manager`. */
export function loopSpecSubagentTools(manager: SubagentManager): Tool[] {
  return [spawnAgent(manager), sendInput(manager), wait(manager), closeAgent(manager)].map((tool) =>
    markSubagentTool(tool),
  );
}

const spawnAgent = (manager: SubagentManager) =>
  defineTool({
    name: 'spawn_agent',
    description:
      'Start a subagent on a self-contained task. It works on its own, with its own conversation, in the same files as you, while you go on; several can run at once. Returns its agent_id at once: call wait to get its result. Give it everything it needs in the task, since it does not see this conversation.',
    parameters: Type.Object({
      task: Type.String({ minLength: 1, description: 'The task, with all the context the subagent needs.' }),
      working_dir: Type.Optional(
        Type.String({
          description:
            'A subdirectory the subagent works in and may write to (default: your working directory).',
        }),
      ),
      model: Type.Optional(Type.String({ description: 'Another model for the subagent (default: yours).' })),
      max_turns: Type.Optional(
        Type.Integer({ minimum: 0, description: 'Model calls it may make; 0 or absent: no limit.' }),
      ),
    }),
    execute: async (args) => {
      const started = await guard(() =>
        manager.spawn({
          task: args.task,
          ...(args.working_dir === undefined ? {} : { workingDir: args.working_dir }),
          ...(args.model === undefined ? {} : { model: args.model }),
          ...(args.max_turns === undefined ? {} : { maxTurns: args.max_turns }),
        }),
      );
      return textResult(
        `Started agent ${started.agentId} (running). Call wait with agent_id "${started.agentId}" for its result.`,
        started,
      );
    },
  });

const sendInput = (manager: SubagentManager) =>
  defineTool({
    name: 'send_input',
    description:
      'Send a message to a subagent. A running agent reads it once its current work is done, before it reports back; a finished agent starts again with it. Call wait for its answer.',
    parameters: Type.Object({
      agent_id: Type.String({ description: 'The id spawn_agent returned.' }),
      message: Type.String({ minLength: 1, description: 'What to tell the agent.' }),
    }),
    execute: async (args) => {
      const state = await guard(async () => manager.sendInput(args.agent_id, args.message));
      return textResult(`Message sent to agent ${state.agentId} (running).`, state);
    },
  });

const wait = (manager: SubagentManager) =>
  defineTool({
    name: 'wait',
    description:
      'Wait for subagents to finish and get their results: each one’s status, turns used and final answer. Give agent_id for one agent or agent_ids for several.',
    parameters: Type.Object({
      agent_id: Type.Optional(Type.String({ description: 'The agent to wait for.' })),
      agent_ids: Type.Optional(
        Type.Array(Type.String(), { description: 'Several agents to wait for together.' }),
      ),
      timeout_ms: Type.Optional(
        Type.Integer({
          minimum: 0,
          description:
            'Stop waiting after this long; agents not done are reported as still running. Default: until they finish.',
        }),
      ),
    }),
    execute: async (args, context) => {
      const ids = [...(args.agent_id === undefined ? [] : [args.agent_id]), ...(args.agent_ids ?? [])];
      if (ids.length === 0) throw new ToolError('Give agent_id or agent_ids: the agents to wait for.');
      const results = await guard(() =>
        manager.wait(ids, {
          signal: context.signal,
          ...(args.timeout_ms === undefined ? {} : { timeoutMs: args.timeout_ms }),
        }),
      );
      return textResult(results.map(formatSubagentResult).join('\n\n---\n\n'), { results });
    },
  });

const closeAgent = (manager: SubagentManager) =>
  defineTool({
    name: 'close_agent',
    description:
      'Stop a subagent and end it: it takes no more input. Use it for agents whose result you no longer need.',
    parameters: Type.Object({ agent_id: Type.String({ description: 'The agent to close.' }) }),
    execute: async (args) => {
      const closed = await guard(() => manager.close(args.agent_id));
      return textResult(`Agent ${args.agent_id} closed (it was ${closed.previousStatus}).`, closed);
    },
  });

/** A SubagentError becomes a ToolError, so the model reads its message as the call's error result. */
async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SubagentError) throw new ToolError(error.message, { details: { code: error.code } });
    throw error;
  }
}
