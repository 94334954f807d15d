import {
  defineTool,
  type ExecResult,
  type ExecutionEnvironment,
  type OutputChunk,
  type Tool,
  type ToolContext,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';
import { ProcessRegistry } from '../../shared/processes/process-registry.js';

/** gemini-cli stops a command after this long without output. */
export const SHELL_INACTIVITY_TIMEOUT_MS = 300_000;
/** gemini-cli's head and tail of an output too large to show (40 000 characters in all). */
const HEAD_CHARS = 8_000;
const TAIL_CHARS = 32_000;
/** How long a backgrounded command runs before its first output is reported, when delay_ms is not set. */
const DEFAULT_BACKGROUND_DELAY_MS = 200;

const parameters = Type.Object({
  command: Type.String({ description: 'The command to run with bash -c.' }),
  description: Type.Optional(
    Type.String({ description: 'What the command does, in a few words, for the user.' }),
  ),
  dir_path: Type.Optional(
    Type.String({ description: 'The folder to run it in (default: the project root).' }),
  ),
  is_background: Type.Optional(
    Type.Boolean({ description: 'Start it in the background and return (for servers and watchers).' }),
  ),
  delay_ms: Type.Optional(
    Type.Integer({ description: 'With is_background: how long to wait before reporting its first output.' }),
  ),
});

export type RunShellCommandParameters = typeof parameters;

export interface RunShellCommandOptions {
  /** Stop a command after this long without output. Default 300 000 ms (gemini-cli's). */
  inactivityTimeoutMs?: number;
  /**
   * Stop a command after this long in all (gemini-cli has no such limit). Default: the session's
   * default command timeout (`ToolContext.commandTimeouts`), else the environment's longest.
   */
  timeoutMs?: number;
}

const DESCRIPTION = `Runs a command with bash -c in its own process group and returns its output (stdout and stderr together), and its exit code when it fails.
- There is no timeout parameter: a command is stopped after 5 minutes without output.
- Use is_background for commands that keep running (servers, watchers); check them with read_background_output.
- The command gets no input and no terminal: avoid interactive programs, and pass flags such as --yes or --no-pager.
- Prefer the file tools (read_file, replace, write_file, grep_search, glob) over shell commands for files.`;

/** gemini-cli's `run_shell_command`, its inactivity timeout and its `<untrusted_context>` answer. */
export function createRunShellCommandTool(
  options: RunShellCommandOptions = {},
): Tool<RunShellCommandParameters> {
  const inactivityMs = options.inactivityTimeoutMs ?? SHELL_INACTIVITY_TIMEOUT_MS;
  return defineTool({
    name: 'run_shell_command',
    description: DESCRIPTION,
    parameters,
    async execute(args, context): Promise<ToolResult> {
      if (args.is_background) return runInBackground(args, context);
      const timeoutMs = options.timeoutMs ?? context.commandTimeouts?.defaultMs;
      const run = await runWatched(context, args.command, args.dir_path, inactivityMs, timeoutMs);
      const output = await shownOutput(context.env, run.result);
      const lines = [`Output: ${output.trimEnd() || '(empty)'}`];
      if (run.inactive) {
        lines.push(`Error: Command was stopped after ${inactivityMs / 1000} seconds without output.`);
      } else if (run.result.timedOut) {
        lines.push(`Error: Command was stopped after running for ${(timeoutMs ?? 0) / 1000} seconds.`);
      } else if (run.result.aborted) lines.push('Error: Command was cancelled before it could complete.');
      if (run.result.exitCode !== null && run.result.exitCode !== 0)
        lines.push(`Exit Code: ${run.result.exitCode}`);
      if (run.result.signal) lines.push(`Signal: ${run.result.signal}`);
      if (run.pgid !== undefined) lines.push(`Process Group PGID: ${run.pgid}`);
      const failed = run.inactive || run.result.timedOut || run.result.aborted || run.result.exitCode !== 0;
      return {
        content: [{ type: 'text', text: `<untrusted_context>\n${lines.join('\n')}\n</untrusted_context>` }],
        details: { ...run.result, inactive: run.inactive, pgid: run.pgid },
        ...(failed ? { isError: true } : {}),
      };
    },
  });
}

interface WatchedRun {
  result: ExecResult;
  /** Stopped for producing no output for the inactivity timeout. */
  inactive: boolean;
  /** Known when the environment can start processes (it reports the group id). */
  pgid?: number;
}

/**
 * Runs the command, stopping it when no output arrives for `inactivityMs` (restarted by every
 * chunk) or after `timeoutMs` in all. Through `startProcess` when the environment has it (so the
 * process group id is known), else through `execCommand` (with the environment's longest
 * timeout when none is given).
 */
async function runWatched(
  context: ToolContext,
  command: string,
  cwd: string | undefined,
  inactivityMs: number,
  timeoutMs: number | undefined,
): Promise<WatchedRun> {
  const { env, signal, onUpdate } = context;
  const stopper = new AbortController();
  let inactive = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      inactive = true;
      stopper.abort();
    }, inactivityMs);
  };
  const onOutput = (chunk: OutputChunk) => {
    arm();
    onUpdate?.({ text: chunk.text, stream: chunk.stream });
  };
  const stop = AbortSignal.any([signal, stopper.signal]);
  arm();
  try {
    if (env.startProcess) {
      const handle = await env.startProcess(command, {
        ...(cwd ? { cwd } : {}),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        signal: stop,
        onOutput,
      });
      handle.closeStdin();
      return { result: await handle.exited, inactive, pgid: handle.pid };
    }
    const result = await env.execCommand(command, {
      ...(cwd ? { cwd } : {}),
      signal: stop,
      onOutput,
      timeoutMs: timeoutMs ?? env.maxTimeoutMs ?? 600_000,
    });
    return { result, inactive };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The output as the model sees it. Whole when the environment kept all of it: gemini-cli cuts
 * output over 40 000 characters in its core, and the session's truncation plays that part, so
 * the event keeps everything. When only the end was kept, gemini-cli's head-and-tail form,
 * pointing at the file the environment saved.
 */
async function shownOutput(env: ExecutionEnvironment, result: ExecResult): Promise<string> {
  if (!result.outputTruncated) return result.output;
  if (!result.fullOutputPath) return `[Output too large; only its end is shown.]\n${result.output}`;
  const headText = Buffer.from(
    await env.readFile(result.fullOutputPath, { start: 0, end: HEAD_CHARS * 4 }),
  ).toString('utf8');
  const head = [...headText].slice(0, HEAD_CHARS).join('');
  const tail = [...result.output].slice(-TAIL_CHARS).join('');
  const omitted = Math.max(0, result.totalBytes - Buffer.byteLength(head) - Buffer.byteLength(tail));
  return `Output too large. Showing first ${HEAD_CHARS.toLocaleString('en-US')} and last ${TAIL_CHARS.toLocaleString('en-US')} characters. For full output see: ${result.fullOutputPath}\n${head}\n\n... [${omitted} characters omitted] ...\n\n${tail}`;
}

async function runInBackground(
  args: { command: string; dir_path?: string; delay_ms?: number },
  context: ToolContext,
): Promise<ToolResult> {
  const process = await ProcessRegistry.of(context.env).start(
    'run_shell_command with is_background',
    args.command,
    {
      ...(args.dir_path ? { cwd: args.dir_path } : {}),
      idKind: 'pid',
    },
  );
  process.handle.closeStdin();
  await process.waitForExit(Math.max(0, args.delay_ms ?? DEFAULT_BACKGROUND_DELAY_MS), context.signal);
  const initial = process.output.takeUnread().text.trimEnd();
  return textResult(
    `Command is running in background. PID: ${process.pid}. Initial output:\n${initial || '(empty)'}`,
    {
      pid: process.pid,
    },
  );
}
