// Runs in its own Node process so its peak RSS belongs to this measurement alone.
// argv: <file to cat> <with onOutput: "1" | "0">
// Prints one JSON line: the peak RSS before the command (after a warm-up run) and after it, in KiB.
import { LocalExecutionEnvironment } from '../dist/index.js';

const [file, withListener] = process.argv.slice(2);
const env = new LocalExecutionEnvironment({ workingDirectory: process.cwd() });
let streamed = 0;
const options =
  withListener === '1'
    ? { timeoutMs: 600_000, onOutput: (chunk) => (streamed += chunk.text.length) }
    : { timeoutMs: 600_000 };
// Warm up: load execa and the code paths once, so the baseline includes them.
await env.execCommand('seq 1 100000', options);
globalThis.gc?.();
const before = process.resourceUsage().maxRSS;
const result = await env.execCommand(`cat '${file}'`, options);
const after = process.resourceUsage().maxRSS;
await env.cleanup();
process.stdout.write(
  `${JSON.stringify({ before, after, totalBytes: result.totalBytes, exitCode: result.exitCode, spilled: Boolean(result.fullOutputPath), streamed })}\n`,
);
