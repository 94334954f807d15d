import {
  defineTool,
  errorResult,
  SubagentError,
  type SubagentManager,
  type SubagentResult,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';
import { stringEnum } from '../../shared/schema.js';

/** The model aliases Claude Code's Agent accepts. */
export const AGENT_MODEL_ALIASES = ['sonnet', 'opus', 'haiku', 'fable'] as const;
export type AgentModelAlias = (typeof AGENT_MODEL_ALIASES)[number];

const agentParameters = Type.Object(
  {
    description: Type.String({ description: 'A short (3–5 word) label for the task.' }),
    prompt: Type.String({ description: 'The task for the agent, with everything it needs to know.' }),
    subagent_type: Type.Optional(
      Type.String({ description: 'The kind of agent to use (default: the general-purpose agent).' }),
    ),
    model: Type.Optional(stringEnum(AGENT_MODEL_ALIASES, { description: 'Run the agent on another model.' })),
    run_in_background: Type.Optional(
      Type.Boolean({
        description: 'Start the agent and return at once; get its result later with TaskOutput.',
      }),
    ),
  },
  { additionalProperties: false },
);

const sendMessageParameters = Type.Object(
  {
    to: Type.String({ description: 'The agentId of the agent to continue.' }),
    message: Type.String({ description: 'The message for it.' }),
    summary: Type.Optional(Type.String({ maxLength: 200, description: 'A short summary for the user.' })),
  },
  { additionalProperties: false },
);

export type AgentParameters = typeof agentParameters;
export type SendMessageParameters = typeof sendMessageParameters;

export interface AgentToolOptions {
  /** Model ids for Agent's `model` aliases; an alias without one runs on the session's model. */
  models?: Partial<Record<AgentModelAlias, string>>;
}

const AGENT_DESCRIPTION = `Starts a subagent on a self-contained task: it works with its own conversation in the same files, then reports back, and its report is the result of this call.
- Use it for open-ended searches across the codebase, or side tasks whose details would crowd this conversation. For a known file or a single search, use Read, Grep or Glob yourself.
- The agent does not see this conversation: the prompt must say everything it needs, and what to report.
- Start several agents in one response to run them in parallel.
- Continue an agent that has reported with SendMessage; set run_in_background to get its result later with TaskOutput.`;

/**
 * Claude Code's `Agent` (formerly `Task`) over the session's SubagentManager: runs the agent to
 * its end and returns its report with Claude Code's trailer (`agentId: …`, `<usage>`).
 */
export function createAgentTool(
  agents: SubagentManager,
  options: AgentToolOptions = {},
): Tool<AgentParameters> {
  return defineTool({
    name: 'Agent',
    description: AGENT_DESCRIPTION,
    parameters: agentParameters,
    async execute(args, { signal }): Promise<ToolResult> {
      const model = args.model === undefined ? undefined : options.models?.[args.model];
      const spawn = { task: args.prompt, ...(model === undefined ? {} : { model }) };
      return guard(async () => {
        if (args.run_in_background) {
          const started = await agents.spawn(spawn);
          return textResult(
            `Async agent launched successfully.\nagentId: ${started.agentId} (use TaskOutput with task_id '${started.agentId}' to get its result, or SendMessage with to: '${started.agentId}' to give it more instructions)`,
            started,
          );
        }
        const startedAt = performance.now();
        return report(await agents.run(spawn, signal), startedAt);
      });
    },
  });
}

/** Claude Code's `SendMessage`: continues an agent with a message and returns its next report. */
export function createSendMessageTool(agents: SubagentManager): Tool<SendMessageParameters> {
  return defineTool({
    name: 'SendMessage',
    description:
      'Sends a message to an agent started with Agent, identified by its agentId, so it continues its work with its own history; returns its next report.',
    parameters: sendMessageParameters,
    async execute(args, { signal }): Promise<ToolResult> {
      return guard(async () => {
        const startedAt = performance.now();
        agents.sendInput(args.to, args.message);
        const [result] = await agents.wait([args.to], { signal });
        return report(result!, startedAt);
      });
    },
  });
}

function report(result: SubagentResult, startedAt: number): ToolResult {
  const trailer = `agentId: ${result.agentId} (use SendMessage with to: '${result.agentId}' to continue this agent)\n<usage>turns: ${result.turnsUsed}\nduration_ms: ${Math.round(performance.now() - startedAt)}</usage>`;
  if (result.success) return textResult(`${result.output}\n\n${trailer}`, result);
  const why =
    result.error ??
    (result.status === 'running'
      ? 'it was interrupted'
      : `it stopped (${result.stopReason ?? result.status})`);
  return errorResult(
    `Agent ${result.agentId} did not finish its task: ${why}.${result.output ? `\n\n${result.output}` : ''}\n\n${trailer}`,
    result,
  );
}

/** A manager error (an unknown agent, a closed one) is the model's mistake: an error result. */
async function guard(run: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SubagentError) return errorResult(error.message);
    throw error;
  }
}
