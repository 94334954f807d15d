import { defineTool, type Tool, type ToolContext, type ToolResult, Type } from '@weft/agent-core';
import { formatShellResult, type ShellTruncation } from './format-shell-result.js';
import { interceptCommand, type ShellCommandInterceptor } from './interceptor.js';
import { runShellCommand, type ShellRunResult } from './run-shell-command.js';

export const ShellParameters = Type.Object({
  command: Type.String({ minLength: 1, description: 'The command to run, as you would type it into bash.' }),
  timeout_ms: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'How long the command may run, in milliseconds. Default 10000, maximum 600000.',
    }),
  ),
  description: Type.Optional(
    Type.String({ description: 'A few words saying what the command does, shown to the user.' }),
  ),
});

export interface ShellToolOptions {
  /** The name the model calls the tool by. Default 'shell'. */
  name?: string;
  /** Runs before every command in the same shell, e.g. `source .venv/bin/activate`. */
  commandPrefix?: string;
  /** Timeout when the call sets none, in ms. Default: the session's (`ToolContext.commandTimeouts`), else the environment's (10 000). */
  defaultTimeoutMs?: number;
  /** Largest timeout a call gets, in ms; larger requests are lowered to it. Default: the session's, else the environment's (600 000). */
  maxTimeoutMs?: number;
  /** Output lines the model sees, from the end. Default 2000. */
  maxLines?: number;
  /** Output bytes the model sees, from the end. Default 50 KiB. */
  maxBytes?: number;
  /** Variables set for every command. */
  env?: Readonly<Record<string, string>>;
  /** Consulted in order before a command runs; the first to return a result answers the call. */
  interceptors?: readonly ShellCommandInterceptor[];
}

/** What hosts get in `details` of a shell result that ran (intercepted calls carry their own). */
export interface ShellToolDetails
  extends Pick<
    ShellRunResult,
    | 'exitCode'
    | 'signal'
    | 'timedOut'
    | 'aborted'
    | 'durationMs'
    | 'timeoutMs'
    | 'timeoutClamped'
    | 'totalBytes'
    | 'totalLines'
    | 'fullOutputPath'
  > {
  /** Present when the output the model sees was cut. */
  truncation?: ShellTruncation;
  description?: string;
}

const DESCRIPTION = [
  'Runs a command with bash in the working directory and returns what it printed (stdout and stderr together, in order), followed by the exit status when it is not 0.',
  'Every call starts a new shell: a cd or an exported variable does not carry over to the next call, so chain dependent steps with && in one command.',
  'Nothing interactive works: stdin is closed and there is no terminal, editors and pagers are disabled, so pass messages with flags (git commit -m) and use non-interactive options (--yes, -y).',
  'The default timeout is 10 seconds; set timeout_ms for longer work (up to 600000). Processes started in the background with & end when the command ends.',
  'Long output is cut to its last 2000 lines or 50 KB; the notice then gives the path of a file with the whole output, which you can search with grep or read in parts.',
  'Prefer the dedicated file tools for reading, searching and editing files when they are available.',
].join(' ');

/** Builds the shell tool; see ShellToolOptions. */
export function createShellTool(
  options: ShellToolOptions = {},
): Tool<typeof ShellParameters, ShellToolDetails> {
  const interceptors = options.interceptors ?? [];
  return defineTool({
    name: options.name ?? 'shell',
    description: DESCRIPTION,
    parameters: ShellParameters,
    async execute(args, context: ToolContext): Promise<ToolResult<ShellToolDetails>> {
      const intercepted = await interceptCommand(interceptors, args.command, context);
      if (intercepted) return intercepted as ToolResult<ShellToolDetails>;

      const result = await runShellCommand(context.env, {
        command: args.command,
        ...(args.timeout_ms === undefined ? {} : { timeoutMs: args.timeout_ms }),
        ...(options.commandPrefix === undefined ? {} : { commandPrefix: options.commandPrefix }),
        ...timeoutsFor(options, context.commandTimeouts),
        ...(options.env === undefined ? {} : { env: options.env }),
        signal: context.signal,
        onOutput: (chunk) => context.onUpdate?.({ text: chunk.text, stream: chunk.stream }),
      });
      const formatted = formatShellResult(result, {
        ...(options.maxLines === undefined ? {} : { maxLines: options.maxLines }),
        ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
      });
      const details: ShellToolDetails = {
        exitCode: result.exitCode,
        signal: result.signal,
        timedOut: result.timedOut,
        aborted: result.aborted,
        durationMs: result.durationMs,
        timeoutMs: result.timeoutMs,
        timeoutClamped: result.timeoutClamped,
        totalBytes: result.totalBytes,
        totalLines: result.totalLines,
        ...(formatted.truncation ? { truncation: formatted.truncation } : {}),
        ...(result.fullOutputPath === undefined ? {} : { fullOutputPath: result.fullOutputPath }),
        ...(args.description === undefined ? {} : { description: args.description }),
      };
      return {
        content: [{ type: 'text', text: formatted.text }],
        details,
        ...(formatted.isError ? { isError: true } : {}),
      };
    },
  });
}

/** The shell tool with default options. */
export const shellTool = createShellTool();

/** The tool's own options win; then the session's command timeouts; then the environment's. */
function timeoutsFor(
  options: ShellToolOptions,
  session: { defaultMs: number; maxMs: number } | undefined,
): { defaultTimeoutMs?: number; maxTimeoutMs?: number } {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? session?.defaultMs;
  const maxTimeoutMs = options.maxTimeoutMs ?? session?.maxMs;
  return {
    ...(defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs }),
    ...(maxTimeoutMs === undefined ? {} : { maxTimeoutMs }),
  };
}
