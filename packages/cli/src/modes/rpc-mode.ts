import { ConfigError } from '../config/config-error.js';
import { LineSplitter } from '../rpc/line-splitter.js';
import { parseRpcCommand, RpcCommandError } from '../rpc/parse-rpc-command.js';
import type {
  RpcCommand,
  RpcCommandType,
  RpcErrorCode,
  RpcId,
  RpcResponse,
  RpcResponseData,
} from '../rpc/rpc-protocol.js';
import type { Session } from '../runtime/agent-core.js';
import type { CliRuntime } from '../runtime/cli-runtime.js';
import { EXIT } from './exit-codes.js';
import { jsonLine, type ModeIO } from './mode-io.js';
import { buildInit, buildResult } from './run-result.js';
import { onStopSignal } from './signals.js';

/** A handler's two moments: when later commands may go on (`accepted`), and its response. */
interface Handled<T> {
  accepted: Promise<unknown>;
  response: Promise<T>;
}

/**
 * RPC mode: JSON commands on stdin, one per line; a response line for each (with its id), event
 * lines as the session emits them, and a result line when a prompt's run ends, all on stdout.
 * Commands start in the order they arrive (a prompt counts as started once its run has begun, so
 * steer and abort reach a running prompt). Ends on `shutdown` or at the end of stdin (exit 0).
 */
export async function runRpc(runtime: CliRuntime, io: ModeIO): Promise<number> {
  const server = new RpcServer(runtime, io);
  return server.serve();
}

class RpcServer {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly running = new Set<Promise<unknown>>();
  private shuttingDown = false;
  private finish!: (code: number) => void;
  private readonly finished = new Promise<number>((resolve) => {
    this.finish = resolve;
  });

  constructor(
    private readonly runtime: CliRuntime,
    private readonly io: ModeIO,
  ) {}

  async serve(): Promise<number> {
    let initWritten = false;
    this.runtime.onSessionChange((session) => {
      if (!initWritten) this.write(buildInit(session, 'rpc'));
      initWritten = true;
      session.onAny((event) => this.write({ type: 'event', ...event }));
    });
    await this.runtime.openInitialSession((message) => this.io.stderr.write(`weft: warning: ${message}\n`));
    const stop = onStopSignal((signal) =>
      this.shutdown(signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated, true),
    );
    this.readCommands();
    const code = await this.finished;
    stop.dispose();
    return code;
  }

  private readCommands(): void {
    const splitter = new LineSplitter();
    const take = (lines: string[]) => {
      for (const line of lines) if (line.trim() !== '') this.enqueue(line);
    };
    this.io.stdin.on('data', (chunk: Buffer | string) => take(splitter.push(chunk)));
    this.io.stdin.on('end', () => {
      take(splitter.end());
      // The end of the commands is not an abort: a run still going finishes first.
      void this.shutdown(EXIT.ok, false);
    });
  }

  private enqueue(line: string): void {
    if (this.shuttingDown) return;
    let command: RpcCommand;
    try {
      command = parseRpcCommand(line);
    } catch (error) {
      const failure = error as RpcCommandError;
      this.write(
        failureResponse(failure.id ?? null, failure.command ?? 'parse', failure.code, failure.message),
      );
      return;
    }
    const step = this.queue.then(() => {
      const handled = this.tryHandle(command);
      const done = handled.response.then(
        (data) => this.write(successResponse(command, data)),
        (error: unknown) =>
          this.write(failureResponse(command.id ?? null, command.type, codeOf(error), messageOf(error))),
      );
      this.track(done);
      return handled.accepted.catch(() => {});
    });
    this.queue = step;
  }

  private tryHandle(command: RpcCommand): Handled<unknown> {
    try {
      return this.handle(command);
    } catch (error) {
      const failed = Promise.reject(error);
      return { accepted: failed, response: failed };
    }
  }

  private handle(command: RpcCommand): Handled<RpcResponseData[RpcCommandType]> {
    const now = <T>(work: () => Promise<T> | T): Handled<T> => {
      const response = Promise.resolve().then(work);
      return { accepted: response, response };
    };
    const session = () => this.runtime.session;
    switch (command.type) {
      case 'prompt':
        return this.prompt(command);
      case 'steer':
        return now(() => {
          session().steer(command.message, { interrupt: command.interrupt === true });
          return {};
        });
      case 'follow_up':
        return now(() => {
          session().followUp(command.message);
          return {};
        });
      case 'abort':
        return now(async () => ({ sessionId: (await this.runtime.interrupt()).id }));
      case 'set_model':
        return now(() => this.runtime.setModel(command.model));
      case 'set_effort':
        return now(async () => {
          await this.runtime.setEffort(command.effort);
          return { effort: command.effort };
        });
      case 'compact': {
        // Registered in order, answered when done: later commands need not wait for the summary.
        const response = session().compact();
        return { accepted: Promise.resolve(), response };
      }
      case 'get_state':
        return now(() => this.state());
      case 'get_messages':
        return now(() => ({ sessionId: session().id, turns: session().history }));
      case 'fork':
        return now(async () => {
          const source = command.sessionId ?? session().id;
          return { sessionId: (await this.runtime.forkSession(source, command.entryId)).id };
        });
      case 'new_session':
        return now(async () => ({ sessionId: (await this.runtime.createSession()).id }));
      case 'shutdown':
        return now(() => {
          void this.shutdown(EXIT.ok, true);
          return {};
        });
    }
  }

  /** Starts a run (accepted once it has begun); its result line follows when it ends. */
  private prompt(command: Extract<RpcCommand, { type: 'prompt' }>): Handled<RpcResponseData['prompt']> {
    const session = this.runtime.session;
    const content = [{ type: 'text' as const, text: command.message }, ...(command.images ?? [])];
    if (session.state === 'PROCESSING') {
      const response = Promise.resolve().then(() => {
        if (command.behavior === 'steer') session.steer(command.message);
        else if (command.behavior === 'follow_up') session.followUp(content);
        else {
          throw new RpcCommandError(
            'busy',
            'A run is going: send the message with "behavior": "steer" or "follow_up", or use the steer / follow_up commands.',
          );
        }
        return { sessionId: session.id, queued: command.behavior };
      });
      return { accepted: response, response };
    }
    const startedAt = performance.now();
    const checkpoint = this.runtime.cost.checkpoint();
    const run = session.submit(content);
    this.track(
      run.then(
        (submit) => {
          const result = buildResult({ submit, session, spend: checkpoint.report(), startedAt });
          this.write(command.id === undefined ? result : { ...result, commandId: command.id });
        },
        () => {},
      ),
    );
    // The run has begun once the session has taken the input (or refused it: a closed session).
    const response = Promise.race([run.then(() => undefined), nextTick()]).then(() => ({
      sessionId: session.id,
    }));
    return { accepted: response, response };
  }

  private state(): RpcResponseData['get_state'] {
    const session: Session = this.runtime.session;
    const spend = this.runtime.cost.report();
    return {
      sessionId: session.id,
      state: session.state,
      cwd: this.runtime.config.cwd,
      provider: session.provider,
      model: session.model,
      profile: session.profile.id,
      effort: session.reasoningEffort ?? null,
      tools: session.tools.names(),
      historyLength: session.history.length,
      persistent: this.runtime.store !== undefined,
      usage: spend.usage,
      models: spend.models,
      costUsd: spend.costUsd,
    };
  }

  /**
   * Stops taking commands, waits for the answers (and, unless `abortRun`, the run) under way to be
   * written, and ends with `code`. An aborted run still writes its result line.
   */
  private async shutdown(code: number, abortRun: boolean): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    await this.queue;
    if (abortRun && this.runtime.hasSession && this.runtime.session.state === 'PROCESSING') {
      await this.runtime.session.abort();
    }
    await Promise.allSettled([...this.running]);
    this.finish(code);
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  private write(line: unknown): void {
    this.io.stdout.write(jsonLine(line));
  }
}

function nextTick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function successResponse(command: RpcCommand, data: unknown): RpcResponse {
  return {
    type: 'response',
    id: command.id ?? null,
    command: command.type,
    success: true,
    data,
  } as RpcResponse;
}

function failureResponse(
  id: RpcId | null,
  command: RpcCommandType | 'parse',
  code: RpcErrorCode,
  message: string,
): RpcResponse {
  return { type: 'response', id, command, success: false, error: { code, message } } as RpcResponse;
}

function codeOf(error: unknown): RpcErrorCode {
  if (error instanceof RpcCommandError) return error.code;
  if (error instanceof ConfigError || error instanceof TypeError) return 'invalid_argument';
  return 'failed';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
