import { defineTool, errorResult, type Tool, type ToolResult, Type, textResult } from '@weft/agent-core';
import type { ManagedProcess } from '../../shared/processes/managed-process.js';
import { ProcessRegistry } from '../../shared/processes/process-registry.js';

// gemini-cli gives every tool that keeps the default schema an optional wait_for_previous (run
// after the earlier calls of the turn instead of alongside them). Weft's session decides how calls
// run, so it is accepted and has no effect.
const waitForPrevious = Type.Optional(
  Type.Boolean({ description: 'Wait for the earlier calls of this turn to finish first.' }),
);
const listParameters = Type.Object({ wait_for_previous: waitForPrevious });
const readParameters = Type.Object({
  pid: Type.Integer({ description: 'The PID run_shell_command reported for the background process.' }),
  lines: Type.Optional(
    Type.Integer({ minimum: 1, description: 'How many of the latest lines to show (default 100).' }),
  ),
  delay_ms: Type.Optional(
    Type.Integer({ description: 'Wait this long before reading, to let output arrive.' }),
  ),
  wait_for_previous: waitForPrevious,
});

export type ListBackgroundProcessesParameters = typeof listParameters;
export type ReadBackgroundOutputParameters = typeof readParameters;

/** gemini-cli's `list_background_processes`. */
export function createListBackgroundProcessesTool(): Tool<ListBackgroundProcessesParameters> {
  return defineTool({
    name: 'list_background_processes',
    description:
      'Lists the commands started with run_shell_command is_background, with their PIDs and whether they still run.',
    parameters: listParameters,
    async execute(_args, { env }): Promise<ToolResult> {
      const processes = ProcessRegistry.of(env).list();
      if (processes.length === 0) return textResult('No background processes.');
      return textResult(
        processes.map((process) => `- PID ${process.pid} (${state(process)}): ${process.command}`).join('\n'),
      );
    },
  });
}

/** gemini-cli's `read_background_output`: the latest lines of a background process. */
export function createReadBackgroundOutputTool(): Tool<ReadBackgroundOutputParameters> {
  return defineTool({
    name: 'read_background_output',
    description:
      'Shows the latest output of a background process started with run_shell_command is_background (the last 100 lines by default), and whether it still runs.',
    parameters: readParameters,
    async execute(args, { env, signal }): Promise<ToolResult> {
      const process = ProcessRegistry.of(env).get(args.pid);
      if (!process)
        return errorResult(
          `No background process with PID ${args.pid}. list_background_processes shows them.`,
        );
      if (args.delay_ms) await process.waitForExit(args.delay_ms, signal);
      const wanted = args.lines ?? 100;
      const all = process.output.recent().replace(/\n$/, '');
      const lines = all.length === 0 ? [] : all.split('\n');
      const shown = lines.slice(-wanted);
      return textResult(
        `Process ${args.pid} (${state(process)}). Showing the last ${shown.length} lines of output:\n${shown.join('\n') || '(empty)'}`,
      );
    },
  });
}

function state(process: ManagedProcess): string {
  const result = process.result;
  if (!result) return 'running';
  return result.exitCode === null
    ? `ended by ${result.signal ?? 'a signal'}`
    : `exited with code ${result.exitCode}`;
}
