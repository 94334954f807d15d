import {
  defineTool,
  type ExecutionEnvironment,
  sliceUtf8Head,
  sliceUtf8Tail,
  type Tool,
  type ToolResult,
  Type,
  utf8ByteLength,
} from '@weft/agent-core';
import { runShellCommand, type ShellRunResult } from '@weft/tools-shell';
import { interceptApplyPatch } from '../apply-patch-result.js';
import { exitCodeFor, formatExecOutput, TIMEOUT_EXIT_CODE } from '../exec-output.js';

/** codex's DEFAULT_EXEC_COMMAND_TIMEOUT_MS. */
export const SHELL_COMMAND_DEFAULT_TIMEOUT_MS = 10_000;
/** codex's truncation budget for command output, in tokens (4 bytes each). */
const OUTPUT_BUDGET_TOKENS = 10_000;

const parameters = Type.Object(
  {
    command: Type.String({ description: 'The shell script to run, in the default shell (bash).' }),
    workdir: Type.Optional(
      Type.String({ description: 'The folder to run it in. Default: the working directory.' }),
    ),
    timeout_ms: Type.Optional(Type.Number({ description: 'Timeout in milliseconds (default 10000).' })),
    login: Type.Optional(
      Type.Boolean({
        description: 'Run as a login shell (default true). Commands always run non-interactively.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type ShellCommandParameters = typeof parameters;

export interface ShellCommandToolOptions {
  /** Timeout when a call sets none. Default: the session's (`ToolContext.commandTimeouts`), else 10 000 ms. */
  defaultTimeoutMs?: number;
  /** Largest timeout a call may have. Default: the session's, else 600 000 ms. */
  maxTimeoutMs?: number;
}

const DESCRIPTION = `Runs a shell command and returns its exit code, its wall time and its output (stdout and stderr together).
- Set workdir instead of starting the command with cd.
- Search with rg (and rg --files to list files); it is much faster than grep or find.
- Read files in chunks of at most 250 lines (sed -n '1,250p' file).
- The command runs with no terminal and no input: interactive programs fail. Give long commands a larger timeout_ms.
- Edit files with apply_patch, not with shell redirection or sed -i.`;

/** codex's `shell_command`: a string run by the shell, answered in codex's exec format. */
export function createShellCommandTool(options: ShellCommandToolOptions = {}): Tool<ShellCommandParameters> {
  return defineTool({
    name: 'shell_command',
    description: DESCRIPTION,
    parameters,
    async execute(args, context): Promise<ToolResult> {
      const patched = await interceptApplyPatch(args.command, args.workdir, context);
      if (patched) return patched;
      const { env, signal, onUpdate, commandTimeouts } = context;
      const maxTimeoutMs = options.maxTimeoutMs ?? commandTimeouts?.maxMs;
      const run = await runShellCommand(env, {
        command: args.command,
        ...(args.workdir === undefined ? {} : { cwd: args.workdir }),
        ...(args.timeout_ms === undefined ? {} : { timeoutMs: args.timeout_ms }),
        // The tool's own options win, then the session's timeouts, then codex's.
        defaultTimeoutMs:
          options.defaultTimeoutMs ?? commandTimeouts?.defaultMs ?? SHELL_COMMAND_DEFAULT_TIMEOUT_MS,
        ...(maxTimeoutMs === undefined ? {} : { maxTimeoutMs }),
        signal,
        onOutput: (chunk) => onUpdate?.({ text: chunk.text, stream: chunk.stream }),
      });
      const { body, totalLines } = await commandOutput(env, run);
      const exitCode = run.timedOut ? TIMEOUT_EXIT_CODE : exitCodeFor(run.exitCode, run.signal);
      const output = run.timedOut ? `command timed out after ${run.timeoutMs} milliseconds\n${body}` : body;
      const text = formatExecOutput({
        exitCode,
        durationMs: run.durationMs,
        output,
        ...(totalLines === undefined ? {} : { totalLines }),
      });
      const details = {
        exitCode: run.exitCode,
        signal: run.signal,
        timedOut: run.timedOut,
        aborted: run.aborted,
        durationMs: run.durationMs,
        timeoutMs: run.timeoutMs,
        totalBytes: run.totalBytes,
        ...(run.fullOutputPath === undefined ? {} : { fullOutputPath: run.fullOutputPath }),
      };
      // codex reports a non-zero exit as an unsuccessful call (its `success: false`).
      return { content: [{ type: 'text', text }], details, ...(exitCode === 0 ? {} : { isError: true }) };
    },
  });
}

/**
 * The command's output. Whole when the environment kept all of it (the session's truncation then
 * plays the part of codex's); when only its end was kept, codex's own middle truncation over the
 * head (read back from the environment's saved file) and the end, with the total line count.
 */
async function commandOutput(
  env: ExecutionEnvironment,
  run: ShellRunResult,
): Promise<{ body: string; totalLines?: number }> {
  if (!run.outputTruncated) return { body: run.output };
  const half = (OUTPUT_BUDGET_TOKENS * 4) / 2;
  const headSource = run.fullOutputPath
    ? Buffer.from(await env.readFile(run.fullOutputPath, { start: 0, end: half + 4 })).toString('utf8')
    : '';
  const head = sliceUtf8Head(headSource, half);
  const tail = sliceUtf8Tail(run.output, half);
  const removed = run.totalBytes - utf8ByteLength(head) - utf8ByteLength(tail);
  return { body: `${head}…${Math.ceil(removed / 4)} tokens truncated…${tail}`, totalLines: run.totalLines };
}
