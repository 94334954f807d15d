import { defineTool, errorResult, type Tool, type ToolResult, Type } from '@weft/agent-core';
import type { ManagedProcess } from '../../shared/processes/managed-process.js';
import { ProcessRegistry } from '../../shared/processes/process-registry.js';
import { interceptApplyPatch } from '../apply-patch-result.js';
import { exitCodeFor, formatUnifiedExecOutput } from '../exec-output.js';

/** codex's unified-exec timings and budget. */
export const EXEC_DEFAULT_YIELD_MS = 10_000;
export const WRITE_STDIN_DEFAULT_YIELD_MS = 250;
const MIN_YIELD_MS = 250;
const MAX_YIELD_MS = 30_000;
/** An empty write_stdin (a poll) waits at least this long, and at most the background maximum. */
const MIN_POLL_MS = 5_000;
const MAX_POLL_MS = 300_000;
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;

const execParameters = Type.Object(
  {
    cmd: Type.String({ description: 'The shell command to run.' }),
    workdir: Type.Optional(
      Type.String({ description: 'The folder to run it in. Default: the working directory.' }),
    ),
    shell: Type.Optional(Type.String({ description: 'The shell to run it with. Default: bash.' })),
    tty: Type.Optional(
      Type.Boolean({
        description: 'Ask for a terminal (default false). Processes here always get pipes, never a terminal.',
      }),
    ),
    yield_time_ms: Type.Optional(
      Type.Number({
        description: 'How long to wait for output before returning (default 10000, 250 to 30000).',
      }),
    ),
    max_output_tokens: Type.Optional(
      Type.Number({ description: 'The most output to return, in tokens (default 10000).' }),
    ),
    login: Type.Optional(Type.Boolean({ description: 'Run as a login shell (default true).' })),
  },
  { additionalProperties: false },
);

const writeParameters = Type.Object(
  {
    session_id: Type.Number({ description: 'The session ID exec_command returned.' }),
    chars: Type.Optional(
      Type.String({
        description: 'Text to write to the process (include "\\n" to end a line); empty to just wait.',
      }),
    ),
    yield_time_ms: Type.Optional(
      Type.Number({
        description: 'How long to wait for output (default 250; an empty poll waits at least 5000).',
      }),
    ),
    max_output_tokens: Type.Optional(
      Type.Number({ description: 'The most output to return, in tokens (default 10000).' }),
    ),
  },
  { additionalProperties: false },
);

export type ExecCommandParameters = typeof execParameters;
export type WriteStdinParameters = typeof writeParameters;

const EXEC_DESCRIPTION = `Runs a command and returns its output so far: when it finishes within yield_time_ms you get its exit code; when it is still running you get a session ID, and the process keeps running.
- Use write_stdin with that session ID to send input or to wait for more output.
- Set workdir instead of starting the command with cd. Search with rg; read files in chunks of at most 250 lines.
- Edit files with apply_patch, not with shell redirection or sed -i.`;

const WRITE_DESCRIPTION = `Writes characters to the stdin of a process started by exec_command, then returns the output it produced since the last call. Send empty chars to wait for more output; the reply says whether the process is still running or has exited.`;

/** codex's `exec_command` (unified exec): a process that outlives the call when it is slow. */
export function createExecCommandTool(): Tool<ExecCommandParameters> {
  return defineTool({
    name: 'exec_command',
    description: EXEC_DESCRIPTION,
    parameters: execParameters,
    async execute(args, context): Promise<ToolResult> {
      const patched = await interceptApplyPatch(args.cmd, args.workdir, context);
      if (patched) return patched;
      const started = performance.now();
      const command = args.shell === undefined ? args.cmd : `${args.shell} -c ${shellQuote(args.cmd)}`;
      const process = await ProcessRegistry.of(context.env).start('exec_command', command, {
        ...(args.workdir === undefined ? {} : { cwd: args.workdir }),
      });
      await process.waitForExit(
        clamp(args.yield_time_ms ?? EXEC_DEFAULT_YIELD_MS, MIN_YIELD_MS, MAX_YIELD_MS),
        context.signal,
      );
      return report(process, context.env, started, args.max_output_tokens);
    },
  });
}

/** codex's `write_stdin`: input for a running exec_command process, and its new output. */
export function createWriteStdinTool(): Tool<WriteStdinParameters> {
  return defineTool({
    name: 'write_stdin',
    description: WRITE_DESCRIPTION,
    parameters: writeParameters,
    async execute(args, context): Promise<ToolResult> {
      const started = performance.now();
      const process = ProcessRegistry.of(context.env).get(args.session_id);
      if (!process) {
        return errorResult(
          `No process with session ID ${args.session_id} is running. It may have exited already; start a new one with exec_command.`,
        );
      }
      const chars = args.chars ?? '';
      if (chars.length > 0) {
        try {
          await process.handle.write(chars);
        } catch (error) {
          return errorResult(`Could not write to session ${args.session_id}: ${(error as Error).message}`);
        }
      }
      const wait =
        chars.length > 0
          ? clamp(args.yield_time_ms ?? WRITE_STDIN_DEFAULT_YIELD_MS, MIN_YIELD_MS, MAX_YIELD_MS)
          : clamp(args.yield_time_ms ?? MIN_POLL_MS, MIN_POLL_MS, MAX_POLL_MS);
      await process.waitForExit(wait, context.signal);
      return report(process, context.env, started, args.max_output_tokens);
    },
  });
}

/** The output since the last report, and whether the process still runs; a finished one is forgotten. */
async function report(
  process: ManagedProcess,
  env: Parameters<typeof ProcessRegistry.of>[0],
  started: number,
  maxOutputTokens: number | undefined,
): Promise<ToolResult> {
  // `result` is set only after the process's output has been read to the end.
  const result = process.result;
  if (result) ProcessRegistry.of(env).forget(process.id);
  const { text: output, droppedChars } = process.output.takeUnread();
  const formatted = formatUnifiedExecOutput({
    durationMs: performance.now() - started,
    ...(result ? { exitCode: exitCodeFor(result.exitCode, result.signal) } : { sessionId: process.id }),
    output: droppedChars > 0 ? `[${droppedChars} earlier characters were not kept]\n${output}` : output,
    maxOutputTokens: Math.max(1, Math.floor(maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS)),
  });
  return {
    content: [{ type: 'text', text: formatted.text }],
    details: {
      chunkId: formatted.chunkId,
      sessionId: result ? undefined : process.id,
      exitCode: result ? exitCodeFor(result.exitCode, result.signal) : undefined,
      truncated: formatted.truncated,
    },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
