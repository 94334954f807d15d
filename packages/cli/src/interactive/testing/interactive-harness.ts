/**
 * The interactive mode on the real runtime, without the command's dispatcher: parses weft's
 * arguments, resolves the configuration, creates the CliRuntime and calls runInteractive on this
 * process's terminal. Tests run it (with tsx) in a pseudo-terminal; the built `weft` binary goes
 * through the same entry point.
 */
import { parseCliArgs } from '../../args/parse-args.js';
import { resolveRunConfig } from '../../config/run-config.js';
import { CliRuntime } from '../../runtime/cli-runtime.js';
import { runInteractive } from '../index.js';

async function main(): Promise<number> {
  const args = parseCliArgs(process.argv.slice(2));
  const config = await resolveRunConfig(args, process.env, process.cwd());
  const runtime = await CliRuntime.create(config);
  try {
    return await runInteractive(runtime, {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
    });
  } finally {
    await runtime.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `harness: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
