// Run by tests in a separate Node process: starts a long command, prints its process group id,
// then exits the Node process without cleaning up, as a crashing host would.
import { LocalExecutionEnvironment } from '../local-execution-environment.js';

const env = new LocalExecutionEnvironment({ workingDirectory: process.argv[2]! });
void env.execCommand('echo $$; sleep 100 & sleep 100 & wait', {
  timeoutMs: 60_000,
  onOutput: (chunk) => {
    process.stdout.write(chunk.text);
    setTimeout(() => process.exit(0), 50);
  },
});
