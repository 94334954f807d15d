import { HELP, VERSION } from './args/help.js';
import { type CliArgs, type Mode, parseCliArgs } from './args/parse-args.js';
import { UsageError } from './args/usage-error.js';
import { ConfigError } from './config/config-error.js';
import { resolveRunConfig } from './config/run-config.js';
import { EXIT } from './modes/exit-codes.js';
import { type ModeIO, readAll } from './modes/mode-io.js';
import { runSessionsCommand } from './modes/sessions-command.js';
import { CliRuntime } from './runtime/cli-runtime.js';
import { applyV8Flags } from './v8-flags.js';

// The launcher sets them before compiling this module; from source, this does.
applyV8Flags();

/** What the launcher (src/launcher) lends a run. */
export interface MainHooks {
  /**
   * Keeps the code compiled so far for later runs (the launcher's code cache). The launcher calls
   * it at exit; the interactive mode calls it once its first session is open, since a terminal
   * that goes away ends it, and its files should not be written while it exits then.
   */
  saveCodeCache?: () => void;
}

/** Runs weft with `argv` (without node and the script) on the process's streams, then exits with its code. */
export async function main(argv: readonly string[], hooks: MainHooks = {}): Promise<void> {
  const startedAt = performance.now();
  const io: ModeIO = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  let code: number;
  try {
    code = await run(argv, io, startedAt, hooks);
  } catch (error) {
    code = report(error, io);
  }
  // Whatever still holds the event loop (a keep-alive socket, a timer) must not keep weft running
  // once its work is done; stdout is drained first.
  process.exitCode = code;
  io.stdout.write('', () => process.exit(code));
}

async function run(
  argv: readonly string[],
  io: ModeIO,
  startedAt: number,
  hooks: MainHooks,
): Promise<number> {
  const args = parseCliArgs(argv);
  if (args.command === 'help') {
    io.stdout.write(HELP);
    return EXIT.ok;
  }
  if (args.command === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const config = await resolveRunConfig(args, process.env, process.cwd());
  for (const warning of config.warnings) io.stderr.write(`weft: warning: ${warning}\n`);
  if (args.command === 'sessions')
    return runSessionsCommand(config, { all: args.all, output: args.output }, io);

  const mode = chooseMode(args, io);
  const task = mode === 'print' ? await printTask(args, io) : undefined;
  const runtime = await CliRuntime.create(config);
  try {
    switch (mode) {
      case 'print': {
        const { runPrint } = await import('./modes/print-mode.js');
        return await runPrint(
          runtime,
          { task: task as string, output: args.output ?? 'text', startedAt },
          io,
        );
      }
      case 'rpc': {
        const { runRpc } = await import('./modes/rpc-mode.js');
        return await runRpc(runtime, io);
      }
      case 'interactive': {
        const { runInteractive } = await import('./interactive/index.js');
        const saveCodeCache = hooks.saveCodeCache;
        if (saveCodeCache) {
          const stop = runtime.onSessionChange(() => {
            stop();
            setImmediate(saveCodeCache);
          });
        }
        return await runInteractive(
          runtime,
          { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
          // `weft "task"` on a terminal: the task is the first message.
          args.task === undefined ? {} : { prompt: args.task },
        );
      }
    }
  } finally {
    await runtime.close();
  }
}

/** --mode / --print / --output decide; otherwise a terminal on stdin means interactive, a pipe means print. */
function chooseMode(args: CliArgs, io: ModeIO): Mode {
  if (args.mode) return args.mode;
  return io.stdin.isTTY ? 'interactive' : 'print';
}

/** Print mode's task: the arguments, else stdin (when it is not a terminal). */
async function printTask(args: CliArgs, io: ModeIO): Promise<string> {
  if (args.task !== undefined) return args.task;
  if (io.stdin.isTTY) {
    throw new UsageError(
      'Print mode needs a task: weft -p "task", or the task on stdin (echo "task" | weft -p).',
    );
  }
  const text = (await readAll(io.stdin)).trim();
  if (text === '')
    throw new UsageError('The task on stdin is empty: weft -p "task", or echo "task" | weft -p.');
  return text;
}

/** One line on stderr for what stopped weft before or outside a run, and its exit code. */
function report(error: unknown, io: ModeIO): number {
  if (error instanceof UsageError) {
    io.stderr.write(`weft: ${error.message}\nRun "weft --help" for the options.\n`);
    return EXIT.usage;
  }
  if (error instanceof ConfigError) {
    io.stderr.write(`weft: ${error.message}\n`);
    return EXIT.usage;
  }
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`weft: ${name === 'Error' ? '' : `${name}: `}${message}\n`);
  return EXIT.error;
}
