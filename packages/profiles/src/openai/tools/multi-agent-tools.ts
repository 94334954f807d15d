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

/** codex's wait_agent timeout: default, and the range it is clamped to. */
export const WAIT_AGENT_DEFAULT_TIMEOUT_MS = 30_000;
const WAIT_AGENT_MIN_TIMEOUT_MS = 10_000;
const WAIT_AGENT_MAX_TIMEOUT_MS = 3_600_000;

const inputItem = Type.Object(
  {
    type: Type.String({ description: '"text", "image", "local_image" or "audio".' }),
    text: Type.Optional(Type.String()),
    image_url: Type.Optional(Type.String()),
    path: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    audio_url: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const spawnParameters = Type.Object(
  {
    message: Type.Optional(
      Type.String({ description: 'The task for the new agent, with the context it needs.' }),
    ),
    items: Type.Optional(
      Type.Array(inputItem, { description: 'The task as input items, instead of message.' }),
    ),
    fork_context: Type.Optional(
      Type.Boolean({
        description: 'Give the agent a copy of this conversation (not supported here: it starts fresh).',
      }),
    ),
    model: Type.Optional(Type.String({ description: 'The model for the agent (default: yours).' })),
    reasoning_effort: Type.Optional(Type.String({ description: 'The reasoning effort for the agent.' })),
  },
  { additionalProperties: false },
);

const sendParameters = Type.Object(
  {
    target: Type.String({ description: 'The agent_id of the agent.' }),
    message: Type.Optional(Type.String({ description: 'The message.' })),
    items: Type.Optional(Type.Array(inputItem, { description: 'The message as input items.' })),
    interrupt: Type.Optional(
      Type.Boolean({
        description: 'Interrupt its current work (default false: the message waits its turn).',
      }),
    ),
  },
  { additionalProperties: false },
);

const waitParameters = Type.Object(
  {
    targets: Type.Array(Type.String(), { description: 'The agent_ids to wait for.' }),
    timeout_ms: Type.Optional(
      Type.Number({ description: 'How long to wait at most (default 30000, 10000 to 3600000).' }),
    ),
  },
  { additionalProperties: false },
);

const closeParameters = Type.Object(
  { target: Type.String({ description: 'The agent_id of the agent to close.' }) },
  { additionalProperties: false },
);

export type SpawnAgentParameters = typeof spawnParameters;
export type SendInputParameters = typeof sendParameters;
export type WaitAgentParameters = typeof waitParameters;
export type CloseAgentParameters = typeof closeParameters;

/** codex's multi-agent tools (v1: spawn_agent, send_input, wait_agent, close_agent) over the session's manager. */
export function createMultiAgentTools(agents: SubagentManager): Tool[] {
  return [spawnAgent(agents), sendInput(agents), waitAgent(agents), closeAgent(agents)] as Tool[];
}

const spawnAgent = (agents: SubagentManager) =>
  defineTool({
    name: 'spawn_agent',
    description:
      'Starts another agent on a task and returns its agent_id at once; it works in the same workspace while you continue. Give it the whole task and context in message: it does not see this conversation. Collect its result with wait_agent.',
    parameters: spawnParameters,
    async execute(args): Promise<ToolResult> {
      const task = args.message ?? textOf(args.items);
      if (!task) return errorResult('Give the new agent its task in message (or as text items).');
      return guard(async () => {
        const started = await agents.spawn({
          task,
          ...(args.model === undefined ? {} : { model: args.model }),
        });
        return textResult(JSON.stringify({ agent_id: started.agentId, nickname: started.agentId }), started);
      });
    },
  });

const sendInput = (agents: SubagentManager) =>
  defineTool({
    name: 'send_input',
    description:
      'Sends a message to an agent started with spawn_agent. A busy agent reads it when its current work is done; a finished agent continues with it. Collect the answer with wait_agent.',
    parameters: sendParameters,
    async execute(args): Promise<ToolResult> {
      const message = args.message ?? textOf(args.items);
      if (!message) return errorResult('Give the message in message (or as text items).');
      return guard(async () => {
        const state = agents.sendInput(args.target, message);
        return textResult(JSON.stringify({ agent_id: state.agentId, status: state.status }), state);
      });
    },
  });

const waitAgent = (agents: SubagentManager) =>
  defineTool({
    name: 'wait_agent',
    description:
      'Waits until the given agents have finished (or timeout_ms passes) and returns each one’s status and final message.',
    parameters: waitParameters,
    async execute(args, { signal }): Promise<ToolResult> {
      if (args.targets.length === 0) return errorResult('Give at least one agent_id in targets.');
      const timeoutMs = Math.min(
        WAIT_AGENT_MAX_TIMEOUT_MS,
        Math.max(WAIT_AGENT_MIN_TIMEOUT_MS, args.timeout_ms ?? WAIT_AGENT_DEFAULT_TIMEOUT_MS),
      );
      return guard(async () => {
        const results = await agents.wait(args.targets, { timeoutMs, signal });
        const status = Object.fromEntries(results.map((result) => [result.agentId, codexStatus(result)]));
        const timedOut = results.some((result) => result.status === 'running');
        return textResult(JSON.stringify({ status, timed_out: timedOut }), { results });
      });
    },
  });

const closeAgent = (agents: SubagentManager) =>
  defineTool({
    name: 'close_agent',
    description: 'Closes an agent you no longer need (stopping its work) and returns the status it had.',
    parameters: closeParameters,
    async execute(args): Promise<ToolResult> {
      return guard(async () => {
        const closed = await agents.close(args.target);
        return textResult(
          JSON.stringify({ status: codexStatus({ ...closed.result, status: closed.previousStatus }) }),
          closed,
        );
      });
    },
  });

/** An agent's status as codex serialises it: "running", {"completed": msg}, {"errored": msg}, "shutdown". */
function codexStatus(result: SubagentResult): unknown {
  switch (result.status) {
    case 'running':
      return 'running';
    case 'completed':
      return { completed: result.output };
    case 'failed':
      return { errored: result.error ?? `stopped by ${result.stopReason ?? 'an error'}` };
    case 'closed':
      return 'shutdown';
  }
}

function textOf(items: ReadonlyArray<{ type: string; text?: string }> | undefined): string {
  return (items ?? [])
    .map((item) => item.text ?? '')
    .filter((text) => text.length > 0)
    .join('\n');
}

async function guard(run: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SubagentError) return errorResult(error.message);
    throw error;
  }
}
