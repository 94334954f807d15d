import {
  defineTool,
  type ExecutionEnvironment,
  errorResult,
  formatSize,
  type Tool,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';
import { runShellCommand, type ShellRunResult } from '@weft/tools-shell';
import { ProcessRegistry } from '../../shared/processes/process-registry.js';

/** Claude Code's BASH_DEFAULT_TIMEOUT_MS and BASH_MAX_TIMEOUT_MS. */
export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
/** Characters of a persisted output's preview. */
const PREVIEW_CHARS = 2000;

const parameters = Type.Object(
  {
    command: Type.String({ description: 'The command to run.' }),
    timeout: Type.Optional(
      Type.Number({ description: 'Timeout in milliseconds (default 120000, at most 600000).' }),
    ),
    description: Type.Optional(
      Type.String({
        description: 'What the command does, in a few words of active voice ("Lists files in src").',
      }),
    ),
    run_in_background: Type.Optional(
      Type.Boolean({
        description:
          'Start the command and return at once; read its output later with TaskOutput and stop it with TaskStop.',
      }),
    ),
    dangerouslyDisableSandbox: Type.Optional(
      Type.Boolean({
        description:
          'Ask to run without a sandbox. There is no sandbox in this environment, so this changes nothing.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type BashParameters = typeof parameters;

export interface BashToolOptions {
  /** Timeout when a call sets none. Default: the session's (`ToolContext.commandTimeouts`), else 120 000 ms. */
  defaultTimeoutMs?: number;
  /** Largest timeout a call may have. Default: the session's, else 600 000 ms. */
  maxTimeoutMs?: number;
}

const DESCRIPTION = `Runs a bash command and returns its output (stdout and stderr together) and, when it fails, its exit code.
- Each call starts a fresh shell in the working directory: cd and exports do not carry over, so use absolute paths or chain with &&.
- Quote paths that contain spaces.
- timeout is in milliseconds: 120000 by default, at most 600000. A command that runs out of time is stopped.
- For long-running work (servers, watchers) set run_in_background and check on it with TaskOutput.
- Use Read, Edit, Write, Grep and Glob instead of cat, sed, echo >, grep and find for files.
- Run independent commands as separate calls in one turn; chain dependent ones with &&.
- Never use interactive commands (git rebase -i, editors): there is no terminal.`;

/** Claude Code's `Bash`: one merged output stream, `Exit code N` on failure, persisted big outputs. */
export function createBashTool(options: BashToolOptions = {}): Tool<BashParameters> {
  return defineTool({
    name: 'Bash',
    description: DESCRIPTION,
    parameters,
    async execute(args, { env, signal, onUpdate, commandTimeouts }): Promise<ToolResult> {
      if (args.run_in_background) {
        const process = await ProcessRegistry.of(env).start('Bash with run_in_background', args.command);
        return textResult(
          `Command running in background with ID: ${process.id}. Read its output with TaskOutput (task_id "${process.id}") and stop it with TaskStop.`,
          { taskId: String(process.id), pid: process.pid },
        );
      }
      const run = await runShellCommand(env, {
        command: args.command,
        ...(args.timeout === undefined ? {} : { timeoutMs: args.timeout }),
        // The tool's own options win, then the session's timeouts, then Claude Code's.
        defaultTimeoutMs: options.defaultTimeoutMs ?? commandTimeouts?.defaultMs ?? BASH_DEFAULT_TIMEOUT_MS,
        maxTimeoutMs: options.maxTimeoutMs ?? commandTimeouts?.maxMs ?? BASH_MAX_TIMEOUT_MS,
        signal,
        onOutput: (chunk) => onUpdate?.({ text: chunk.text, stream: chunk.stream }),
      });
      const body = await bashOutput(env, run);
      return formatBashResult(run, body);
    },
  });
}

/** The text of a finished command as Claude Code shows it, before the status. */
async function bashOutput(env: ExecutionEnvironment, run: ShellRunResult): Promise<string> {
  // Output the environment kept whole is returned whole: the session's truncation plays the part
  // of Claude Code's size cap, and the event keeps all of it. Only the tail of a larger output is
  // in memory; the environment saved the whole of it, which Claude Code's persisted form points at.
  if (run.outputTruncated) {
    if (run.fullOutputPath) return persistedOutput(env, run.fullOutputPath, run.totalBytes);
    return `[Output too large (${formatSize(run.totalBytes)}); only its end is shown.]\n${run.output.trimEnd()}`;
  }
  return run.output.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

async function persistedOutput(env: ExecutionEnvironment, path: string, bytes: number): Promise<string> {
  const head = Buffer.from(await env.readFile(path, { start: 0, end: PREVIEW_CHARS * 4 })).toString('utf8');
  let preview = [...head].slice(0, PREVIEW_CHARS).join('');
  const lastNewline = preview.lastIndexOf('\n');
  if (lastNewline > 0) preview = preview.slice(0, lastNewline);
  return [
    '<persisted-output>',
    `Output too large (${formatSize(bytes)}). Full output saved to: ${path}`,
    'Preview (first 2KB):',
    preview,
    '…',
    '</persisted-output>',
  ].join('\n');
}

function formatBashResult(run: ShellRunResult, body: string): ToolResult {
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
  const withNote = (note: string) => (body ? `${body}\n${note}` : note);
  if (run.timedOut) {
    return errorResult(
      withNote(
        `Command timed out after ${run.timeoutMs}ms and was stopped. Give a larger timeout (at most ${run.maxTimeoutMs}) or set run_in_background for commands that take long.`,
      ),
      details,
    );
  }
  if (run.aborted) return errorResult(withNote('Command was aborted before it finished.'), details);
  if (run.exitCode === null) {
    return errorResult(withNote(`Command was terminated by signal ${run.signal ?? 'unknown'}`), details);
  }
  if (run.exitCode !== 0) return errorResult(`Exit code ${run.exitCode}\n${body}`.trimEnd(), details);
  return textResult(body || '(Bash completed with no output)', details);
}
