import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ImageContent } from '@weft/agent-core';
import type { ReasoningEffort } from '@weft/llm';
import type { EventLine, InitLine, ResultLine, StreamLine } from '../modes/stream-schema.js';
import { LineSplitter } from './line-splitter.js';
import type {
  RpcCommand,
  RpcCommandType,
  RpcErrorCode,
  RpcOutputLine,
  RpcResponse,
  RpcResponseData,
} from './rpc-protocol.js';

export interface RpcClientOptions {
  /** weft's options after `--mode rpc`, e.g. `['--model', 'anthropic/claude-sonnet-4-5', '--no-session']`. */
  args?: readonly string[];
  /** The folder weft starts in (its project folder unless `--cwd` is among `args`). Default: this process's. */
  cwd?: string;
  /** weft's environment (API keys, base URLs, XDG folders). Default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** The weft launcher to run. Default: this package's `bin/weft.js`. */
  bin?: string;
  /** The Node.js binary. Default: the one running this process. */
  node?: string;
  /** weft's stderr: collected into `stderr` ('pipe', the default), passed through ('inherit') or dropped. */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** How long to wait for weft's init line. Default 30 000 ms. */
  startTimeoutMs?: number;
}

/** A command weft answered with `success: false`, or a client that is no longer connected. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: RpcErrorCode | 'exited',
    message: string,
    readonly command?: RpcCommandType | 'parse',
  ) {
    super(message);
  }
}

type CommandInput<C extends RpcCommandType> = Omit<Extract<RpcCommand, { type: C }>, 'id' | 'type'>;
type Exit = { code: number | null; signal: NodeJS.Signals | null };
type LineListener = (line: RpcOutputLine) => void;

/**
 * A typed client for `weft --mode rpc`: starts weft as a child process and speaks its protocol
 * (commands as JSON lines on its stdin; responses, events and result lines on its stdout).
 *
 * ```ts
 * const weft = await RpcClient.start({ cwd: '/path/to/project', args: ['--no-session'] });
 * const result = await weft.promptAndWait('Add a test for parseArgs');
 * console.log(result.answer, result.costUsd);
 * await weft.close();
 * ```
 */
export class RpcClient {
  readonly child: ChildProcess;
  /** weft's first line: version, session, model, tools. */
  readonly init: InitLine;
  /** Resolves when weft has exited. */
  readonly exited: Promise<Exit>;
  private readonly listeners = new Set<LineListener>();
  private readonly pending = new Map<string, (response: RpcResponse) => void>();
  private stderrText = '';
  private nextId = 1;
  private exit: Exit | undefined;

  private constructor(child: ChildProcess, init: InitLine, exited: Promise<Exit>) {
    this.child = child;
    this.init = init;
    this.exited = exited;
  }

  /** Starts weft and resolves once it has written its init line (its session is open). */
  static async start(options: RpcClientOptions = {}): Promise<RpcClient> {
    const child = spawn(
      options.node ?? process.execPath,
      [options.bin ?? defaultBin(), '--mode', 'rpc', ...(options.args ?? [])],
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: ['pipe', 'pipe', options.stderr ?? 'pipe'],
      },
    );
    let client: RpcClient | undefined;
    const early: RpcOutputLine[] = [];
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (client) client.stderrText += text;
      else stderr += text;
    });
    const exited = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const init = await new Promise<InitLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(
          new RpcError(
            'exited',
            `weft did not start within ${options.startTimeoutMs ?? 30_000} ms.${tail(stderr)}`,
          ),
        );
      }, options.startTimeoutMs ?? 30_000);
      const splitter = new LineSplitter();
      child.stdout?.on('data', (chunk: Buffer) => {
        for (const text of splitter.push(chunk)) {
          const line = parseLine(text);
          if (!line) continue;
          if (client) client.dispatch(line);
          else if (line.type === 'init') {
            clearTimeout(timer);
            resolve(line);
          } else early.push(line);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new RpcError('exited', `weft could not be started: ${error.message}`));
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(
          new RpcError(
            'exited',
            `weft exited (${signal ?? `code ${code}`}) before it was ready.${tail(stderr)}`,
          ),
        );
      });
    });
    client = new RpcClient(child, init, exited);
    client.stderrText = stderr;
    for (const line of early) client.dispatch(line);
    void exited.then((exit) => client.closed(exit));
    return client;
  }

  /** What weft wrote on stderr so far (with the default `stderr: 'pipe'`). */
  get stderr(): string {
    return this.stderrText;
  }

  /** Sends a command and resolves with its response's `data`; rejects with RpcError when it failed. */
  async send<C extends RpcCommandType>(type: C, input: CommandInput<C>): Promise<RpcResponseData[C]> {
    const id = `c${this.nextId++}`;
    const response = await this.request({ ...input, type, id } as RpcCommand, id);
    if (!response.success) throw new RpcError(response.error.code, response.error.message, response.command);
    return response.data as RpcResponseData[C];
  }

  /** Starts a run (or, with `behavior`, steers or queues behind the one going). Resolves once accepted. */
  prompt(
    message: string,
    options: { images?: ImageContent[]; behavior?: 'steer' | 'follow_up' } = {},
  ): Promise<RpcResponseData['prompt']> {
    return this.send('prompt', { message, ...options });
  }

  /** Starts a run and resolves with its result line, once it has ended. */
  async promptAndWait(message: string, options: { images?: ImageContent[] } = {}): Promise<ResultLine> {
    const id = `c${this.nextId++}`;
    const result = this.waitFor(
      (line): line is ResultLine => line.type === 'result' && line.commandId === id,
    );
    const response = await this.request({ type: 'prompt', id, message, ...options }, id);
    if (!response.success) throw new RpcError(response.error.code, response.error.message, response.command);
    return result;
  }

  steer(message: string, options: { interrupt?: boolean } = {}): Promise<RpcResponseData['steer']> {
    return this.send('steer', { message, ...options });
  }

  followUp(message: string): Promise<RpcResponseData['follow_up']> {
    return this.send('follow_up', { message });
  }

  abort(): Promise<RpcResponseData['abort']> {
    return this.send('abort', {});
  }

  setModel(model: string): Promise<RpcResponseData['set_model']> {
    return this.send('set_model', { model });
  }

  setEffort(effort: ReasoningEffort | null): Promise<RpcResponseData['set_effort']> {
    return this.send('set_effort', { effort });
  }

  compact(): Promise<RpcResponseData['compact']> {
    return this.send('compact', {});
  }

  getState(): Promise<RpcResponseData['get_state']> {
    return this.send('get_state', {});
  }

  getMessages(): Promise<RpcResponseData['get_messages']> {
    return this.send('get_messages', {});
  }

  fork(options: { sessionId?: string; entryId?: string } = {}): Promise<RpcResponseData['fork']> {
    return this.send('fork', options);
  }

  newSession(): Promise<RpcResponseData['new_session']> {
    return this.send('new_session', {});
  }

  /** Calls `listener` with every line weft writes from now on; returns the unsubscribe function. */
  onLine(listener: LineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first line from now on that `match` accepts. Rejects if weft exits first. */
  waitFor<T extends RpcOutputLine>(match: (line: RpcOutputLine) => line is T): Promise<T>;
  waitFor(match: (line: RpcOutputLine) => boolean): Promise<RpcOutputLine>;
  waitFor(match: (line: RpcOutputLine) => boolean): Promise<RpcOutputLine> {
    return new Promise((resolve, reject) => {
      if (this.exit) return reject(this.exitedError());
      const stop = this.onLine((line) => {
        if (!match(line)) return;
        stop();
        resolve(line);
      });
      void this.exited.then(() => {
        stop();
        reject(this.exitedError());
      });
    });
  }

  /** Every event line from now until weft exits. */
  async *events(): AsyncIterableIterator<EventLine> {
    const queue: EventLine[] = [];
    let wake: (() => void) | undefined;
    const stop = this.onLine((line) => {
      if (line.type !== 'event') return;
      queue.push(line);
      wake?.();
    });
    void this.exited.then(() => wake?.());
    try {
      for (;;) {
        const next = queue.shift();
        if (next) yield next;
        else if (this.exit) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      stop();
    }
  }

  /**
   * Asks weft to shut down (stopping a run that is going) and waits for it to exit; kills it if it
   * has not exited after `timeoutMs`. Resolves with its exit code.
   */
  async close(timeoutMs = 10_000): Promise<number | null> {
    if (!this.exit) {
      this.send('shutdown', {}).catch(() => {});
      this.child.stdin?.end();
      const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
      await this.exited;
      clearTimeout(timer);
    }
    return (await this.exited).code;
  }

  private request(command: RpcCommand, id: string): Promise<RpcResponse> {
    if (this.exit || !this.child.stdin?.writable) return Promise.reject(this.exitedError());
    return new Promise((resolve, reject) => {
      this.pending.set(id, resolve);
      void this.exited.then(() => {
        if (this.pending.delete(id)) reject(this.exitedError());
      });
      this.child.stdin?.write(`${JSON.stringify(command)}\n`);
    });
  }

  private dispatch(line: RpcOutputLine): void {
    if (line.type === 'response' && typeof line.id === 'string') {
      const resolve = this.pending.get(line.id);
      this.pending.delete(line.id);
      resolve?.(line);
    }
    for (const listener of [...this.listeners]) listener(line);
  }

  private closed(exit: Exit): void {
    this.exit = exit;
  }

  private exitedError(): RpcError {
    const how = this.exit ? (this.exit.signal ?? `code ${this.exit.code}`) : 'unknown';
    return new RpcError('exited', `weft has exited (${how}).${tail(this.stderrText)}`);
  }
}

/** The launcher beside the built library (dist/index.js → bin/weft.js), or beside the source in tests. */
function defaultBin(): string {
  for (const relative of ['../bin/weft.js', '../../bin/weft.js']) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new RpcError('exited', 'The weft launcher (bin/weft.js) was not found beside @weft/cli; pass `bin`.');
}

function parseLine(text: string): RpcOutputLine | undefined {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as StreamLine | RpcResponse;
  } catch {
    return undefined;
  }
}

function tail(stderr: string): string {
  const text = stderr.trim();
  return text === '' ? '' : ` Its stderr: ${text.slice(-500)}`;
}
