import type { StopReason } from '../events/session-event.js';
import { Session } from '../session/session.js';
import type { Tool } from '../tools/tool.js';
import { SubagentError } from './subagent-error.js';
import type { ChildSessionDefaults, SpawnOptions, SubagentResult, SubagentStatus } from './subagent-types.js';
import { SubdirectoryEnvironment } from './subdirectory-environment.js';

/** Added to a subagent's system prompt: it works alone, and its last answer is its report. */
export const SUBAGENT_INSTRUCTIONS = `You are a subagent: another agent delegated the task below to you. Work on it on your own, since nobody can answer questions while you work. Stay within the task. When you are done, reply with the result the delegating agent needs (findings, what you changed, what is left): your final message is handed back to it as your report.`;

// Tools that act on subagents, whatever a profile names them: a child never inherits them from
// its parent, so a child at the depth limit gets none.
const subagentTools = new WeakSet<Tool>();

/** Marks `tool` as one that spawns or drives subagents (see SubagentManager's inheritance rule). */
export function markSubagentTool<T extends Tool>(tool: T): T {
  subagentTools.add(tool);
  return tool;
}

interface Child {
  readonly id: string;
  readonly session: Session;
  status: SubagentStatus;
  output: string;
  turnsUsed: number;
  stopReason: StopReason | undefined;
  error: string | undefined;
  /** Messages sent while it was running, submitted in order once its current input ends. */
  readonly queue: string[];
  /** Settles when it stops running. */
  idle: Promise<void>;
}

/**
 * The subagents of one session (loop spec §7), independent of how tools name them: start one on
 * a task, send it more input, wait for results, close it. Each subagent is a child Session with
 * its own history, sharing the parent's environment (or a subdirectory view of it), profile,
 * client and config, one level deeper; the parent relays its events tagged with its id and closes
 * it before its own end. Several run at once.
 */
export class SubagentManager {
  private readonly children = new Map<string, Child>();
  private nextNumber = 1;

  constructor(
    private readonly parent: Session,
    private readonly defaults: ChildSessionDefaults = {},
  ) {}

  /** Starts a subagent on `options.task` and returns at once, with its id, while it works. */
  async spawn(options: SpawnOptions): Promise<SubagentResult> {
    if (this.parent.state === 'CLOSED')
      throw new SubagentError('parent_closed', 'The session is closed: it cannot start subagents.');
    const env = options.workingDir
      ? await SubdirectoryEnvironment.create(this.parent.env, options.workingDir)
      : this.parent.env;
    const id = `agent-${this.nextNumber++}`;
    const session = new Session({
      profile: this.parent.profile,
      provider: this.parent.provider,
      model: options.model ?? this.parent.model,
      env,
      client: this.parent.client,
      config: { ...this.parent.config, maxTurns: options.maxTurns ?? 0 },
      depth: this.parent.depth + 1,
      parent: this.parent,
      tools: this.parent.tools.list().filter((tool) => !subagentTools.has(tool)),
      instructions: SUBAGENT_INSTRUCTIONS,
      ...definedOnly(this.defaults),
    });
    this.parent.registerChild(session, id);
    const child: Child = {
      id,
      session,
      status: 'running',
      output: '',
      turnsUsed: 0,
      stopReason: undefined,
      error: undefined,
      queue: [],
      idle: Promise.resolve(),
    };
    this.children.set(id, child);
    this.drive(child, options.task);
    return this.result(child);
  }

  /**
   * Gives a subagent more input. While it runs, the message waits until its current input ends
   * (then it is processed before the agent reports back); once it has finished, the message
   * starts it again, with its history.
   */
  sendInput(agentId: string, message: string): SubagentResult {
    const child = this.get(agentId);
    if (child.status === 'closed')
      throw new SubagentError('closed', `Agent ${agentId} is closed: it takes no more input.`);
    if (child.status === 'running') child.queue.push(message);
    else this.drive(child, message);
    return this.result(child);
  }

  /**
   * Waits until every agent in `agentIds` has stopped running, `timeoutMs` has passed, or `signal`
   * fires; resolves with each agent's result in the order asked (`running` for those not done).
   */
  async wait(
    agentIds: readonly string[],
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<SubagentResult[]> {
    const children = agentIds.map((id) => this.get(id));
    let stopped = false;
    const stops: Promise<void>[] = [];
    const cleanups: (() => void)[] = [];
    if (options.timeoutMs !== undefined) {
      stops.push(
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.timeoutMs);
          cleanups.push(() => clearTimeout(timer));
        }),
      );
    }
    const signal = options.signal;
    if (signal) {
      stops.push(
        new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
      );
    }
    const stop = Promise.race(stops).then(() => {
      stopped = true;
    });
    try {
      // Input sent meanwhile (a send_input run in parallel) restarts an agent with a new `idle`,
      // so wait again until none of them runs.
      while (!stopped && children.some((child) => child.status === 'running')) {
        await Promise.race([Promise.all(children.map((child) => child.idle)), stop]);
      }
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
    return children.map((child) => this.result(child));
  }

  /** Closes a subagent (aborting what it is doing) and resolves with its result, status `closed`. */
  async close(agentId: string): Promise<{ previousStatus: SubagentStatus; result: SubagentResult }> {
    const child = this.get(agentId);
    const previousStatus = child.status;
    child.queue.length = 0;
    await child.session.close();
    await child.idle;
    child.status = 'closed';
    return { previousStatus, result: this.result(child) };
  }

  /** Starts a subagent and waits for it: the one-call form Claude Code's Agent and gemini-cli's invoke_agent use. */
  async run(options: SpawnOptions, signal?: AbortSignal): Promise<SubagentResult> {
    const started = await this.spawn(options);
    const [result] = await this.wait([started.agentId], signal ? { signal } : {});
    return result ?? started;
  }

  /** Every subagent started, in order, with its current result. */
  list(): SubagentResult[] {
    return [...this.children.values()].map((child) => this.result(child));
  }

  private get(agentId: string): Child {
    const child = this.children.get(agentId);
    if (!child) {
      const known = [...this.children.keys()];
      const hint = known.length > 0 ? ` Known agents: ${known.join(', ')}.` : ' No agent has been started.';
      throw new SubagentError('unknown_agent', `No agent with id "${agentId}".${hint}`);
    }
    return child;
  }

  /** Submits `first`, then each message queued meanwhile, until the queue is empty or the agent closes. */
  private drive(child: Child, first: string): void {
    child.status = 'running';
    child.idle = (async () => {
      for (let input: string | undefined = first; input !== undefined; input = child.queue.shift()) {
        try {
          const result = await child.session.submit(input);
          child.turnsUsed += result.turns;
          child.output = result.text;
          child.stopReason = result.stopReason;
          child.error = result.error?.message;
        } catch (error) {
          child.stopReason = 'error';
          child.error = error instanceof Error ? error.message : String(error);
        }
        if (child.session.state === 'CLOSED') break;
      }
      child.status = statusAfter(child);
    })();
  }

  private result(child: Child): SubagentResult {
    return {
      agentId: child.id,
      status: child.status,
      output: child.output,
      success: child.stopReason === 'completed' || child.stopReason === 'awaiting_input',
      turnsUsed: child.turnsUsed,
      ...(child.stopReason === undefined ? {} : { stopReason: child.stopReason }),
      ...(child.error === undefined ? {} : { error: child.error }),
    };
  }
}

function statusAfter(child: Child): SubagentStatus {
  if (child.session.state === 'CLOSED') return 'closed';
  return child.stopReason === 'completed' || child.stopReason === 'awaiting_input' ? 'completed' : 'failed';
}

function definedOnly(defaults: ChildSessionDefaults): ChildSessionDefaults {
  return Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== undefined));
}
