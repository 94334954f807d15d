import type { CliRuntime } from '../runtime/cli-runtime.js';
import { InteractiveApp, type TerminalIO } from './app.js';
import { hostFromRuntime } from './runtime-host.js';

export interface InteractiveOptions {
  /** Sent as the first message once the session is open (`weft "task"` on a terminal). */
  prompt?: string;
}

/**
 * The interactive mode: a terminal UI on the runtime's session until the user leaves (/exit,
 * Ctrl+C twice, Ctrl+D). Resolves with the exit code: 0 when the user left, 130 / 143 / 129 after
 * SIGINT / SIGTERM / SIGHUP, 1 when the session could not be opened, 2 without a terminal on stdin.
 * The caller closes the runtime afterwards. See docs/interactive.md.
 */
export async function runInteractive(
  runtime: CliRuntime,
  io: TerminalIO,
  options: InteractiveOptions = {},
): Promise<number> {
  if (!io.stdin.isTTY) {
    io.stderr.write(
      'weft: the interactive mode needs a terminal. Give the task with -p "task" (or on stdin with -p).\n',
    );
    return 2;
  }
  return new InteractiveApp(hostFromRuntime(runtime), io, options).run();
}

export type { TerminalIO } from './app.js';
