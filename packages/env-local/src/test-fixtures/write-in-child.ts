// Run by tests in a separate Node process: writes `size` bytes of `fill` to `path` through a
// LocalExecutionEnvironment and prints the outcome as one JSON line. Prints "writing" first so the
// parent can kill it mid-write.
import { isEnvironmentError } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

const [workingDirectory, path, size, fill] = process.argv.slice(2);
const env = new LocalExecutionEnvironment({ workingDirectory: workingDirectory! });
const data = Buffer.alloc(Number(size), fill!);
process.stdout.write('writing\n');
try {
  await env.writeFile(path!, data);
  process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
} catch (error) {
  const code = isEnvironmentError(error) ? error.code : 'OTHER';
  process.stdout.write(`${JSON.stringify({ ok: false, code, message: (error as Error).message })}\n`);
}
