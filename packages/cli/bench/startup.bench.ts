/**
 * Start-up and one headless prompt, beside `node -e 0` measured in the same run:
 * - `weft --version`: median wall time, target within 30 ms of `node -e 0`;
 * - one prompt in stream-json mode against a fake model that answers at once (Anthropic
 *   protocol, session saved as by default): median wall time (target under 200 ms) and peak RSS
 *   of the weft process (target under 90 MB).
 * Runs alternate between the three commands, so load from anything else on the machine hits all
 * of them alike. Run after `pnpm build` (turbo's bench task builds first).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTempDir, FakeModelServer, median, reportAbsolute } from '@weft/testkit';

const RUNS = 15;
const bin = fileURLToPath(new URL('../bin/weft.js', import.meta.url));
const peakRssHook = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));

using dir = createTempDir('weft-bench-cli-');
const project = dir.join('project');
mkdirSync(project);
const server = await FakeModelServer.start({
  turns: [{ content: [{ type: 'text', text: 'Hi.' }] }],
  loop: true,
});
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: dir.join('home'),
  XDG_CONFIG_HOME: dir.join('home', '.config'),
  XDG_DATA_HOME: dir.join('home', '.local', 'share'),
  ANTHROPIC_API_KEY: 'bench-key',
  ANTHROPIC_BASE_URL: server.baseUrls.anthropic,
};
const prompt = [bin, '-p', 'Say hi.', '--model', 'anthropic/claude-sonnet-5-5', '--output', 'stream-json'];

/** Runs `node args` to its end; returns the wall time in ms (and, with `rssFile`, nothing else changes). */
function run(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: project,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      else if (args.includes('stream-json') && !stdout.includes('"type":"result"'))
        reject(new Error(`no result line: ${stdout}`));
      else resolve(elapsed);
    });
  });
}

/** Peak RSS in MB of one run of `node args`, from inside the process (children such as git not included). */
async function peakRssMb(args: string[]): Promise<number> {
  const file = dir.join(`rss-${Math.random().toString(36).slice(2)}`);
  await run(['--import', peakRssHook, ...args], { WEFT_BENCH_RSS_FILE: file });
  return Number(readFileSync(file, 'utf8')) / 1024;
}

const times = { node: [] as number[], version: [] as number[], prompt: [] as number[] };
const memory = { node: [] as number[], prompt: [] as number[] };
await run([bin, '--version']); // warm the file cache
await run(prompt);
for (let i = 0; i < RUNS; i++) {
  times.node.push(await run(['-e', '0']));
  times.version.push(await run([bin, '--version']));
  times.prompt.push(await run(prompt));
}
for (let i = 0; i < 5; i++) {
  memory.node.push(await peakRssMb(['-e', '0']));
  memory.prompt.push(await peakRssMb(prompt));
}
await server.close();

const nodeMs = median(times.node);
const fmt = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');
console.log(`    runs (ms): node -e 0: ${fmt(times.node)}`);
console.log(`               weft --version: ${fmt(times.version)}`);
console.log(`               headless prompt: ${fmt(times.prompt)}`);
let met = true;
met =
  reportAbsolute({
    name: 'weft --version: median wall time above node -e 0',
    value: median(times.version) - nodeMs,
    unit: 'ms',
    target: 30,
  }) && met;
reportAbsolute({
  name: 'weft --version: median wall time',
  value: median(times.version),
  unit: 'ms',
  baseline: nodeMs,
  baselineName: 'node -e 0',
});
met =
  reportAbsolute({
    name: 'one headless prompt (stream-json, fake model answering at once): median wall time',
    value: median(times.prompt),
    unit: 'ms',
    baseline: nodeMs,
    baselineName: 'node -e 0',
    target: 200,
  }) && met;
met =
  reportAbsolute({
    name: 'one headless prompt: peak RSS of the weft process',
    value: median(memory.prompt),
    unit: 'MB',
    baseline: median(memory.node),
    baselineName: 'node -e 0',
    target: 90,
  }) && met;
if (!met) process.exitCode = 1;
