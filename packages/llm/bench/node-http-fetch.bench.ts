/**
 * nodeHttpFetch beside Node's own fetch, measured in the same run against the same fake server
 * (in a child process):
 * - a first call in a fresh process (what a command that makes one model call pays): wall time of
 *   `node` importing the fetch and making one short streamed Anthropic call, median of
 *   alternating runs;
 * - reading a long stream in this process (20,000 text deltas as server-sent events): wall and
 *   CPU time, median of alternating runs, after a warm-up call each.
 *
 *   pnpm bench      (in packages/llm; run after `pnpm build`: the fresh processes import dist/)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, reportComparison, startServerProcess } from '@weft/testkit';
import { nodeHttpFetch } from '../src/transport/node-http-fetch.js';

const FRESH_RUNS = 15;
const STREAM_RUNS = 11;
const built = pathToFileURL(fileURLToPath(new URL('../dist/node-http-fetch.js', import.meta.url))).href;

const long = await startServerProcess({
  turns: [{ content: [{ type: 'text', text: 'word '.repeat(20_000), chunks: 5 }] }],
  loop: true,
});
const short = await startServerProcess({ turns: [{ content: [{ type: 'text', text: 'Hi.' }] }], loop: true });
const longUrl = `${long.baseUrls.anthropic}/v1/messages`;
const shortUrl = `${short.baseUrls.anthropic}/v1/messages`;
const init = {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': 'bench', 'anthropic-version': '2023-06-01' },
  body: JSON.stringify({
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    stream: true,
    messages: [{ role: 'user', content: 'go' }],
  }),
};

/** Wall time of a fresh `node` making one call with the named fetch and reading the whole answer. */
function freshCall(which: 'node' | 'ours'): Promise<number> {
  const pick = which === 'ours' ? `(await import(${JSON.stringify(built)})).nodeHttpFetch` : 'fetch';
  const script = `const f = ${pick}; const r = await f(${JSON.stringify(shortUrl)}, ${JSON.stringify(init)}); await r.text();`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(stderr)),
    );
  });
}

/** Wall and CPU ms of reading one whole streamed answer in this process. */
async function readStream(fetcher: typeof fetch): Promise<{ wall: number; cpu: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const response = await fetcher(longUrl, init);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    bytes += chunk.value.byteLength;
  if (bytes < 100_000) throw new Error(`only ${bytes} bytes came`);
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: performance.now() - started, cpu: (cpu.user + cpu.system) / 1000 };
}

try {
  const fresh = { node: [] as number[], ours: [] as number[] };
  await freshCall('node');
  await freshCall('ours');
  for (let run = 0; run < FRESH_RUNS; run++) {
    fresh.node.push(await freshCall('node'));
    fresh.ours.push(await freshCall('ours'));
  }
  reportComparison({
    name: 'one short streamed call in a fresh process (node -e, import included): median wall time',
    ours: median(fresh.ours),
    baseline: median(fresh.node),
    baselineName: "Node's fetch",
    unit: 'ms',
  });

  const streamed = {
    node: [] as { wall: number; cpu: number }[],
    ours: [] as { wall: number; cpu: number }[],
  };
  await readStream(fetch);
  await readStream(nodeHttpFetch);
  for (let run = 0; run < STREAM_RUNS; run++) {
    streamed.node.push(await readStream(fetch));
    streamed.ours.push(await readStream(nodeHttpFetch));
  }
  for (const measure of ['wall', 'cpu'] as const) {
    reportComparison({
      name: `reading 20,000 streamed text deltas: median ${measure === 'wall' ? 'wall' : 'CPU'} time`,
      ours: median(streamed.ours.map((run) => run[measure])),
      baseline: median(streamed.node.map((run) => run[measure])),
      baselineName: "Node's fetch",
      unit: 'ms',
    });
  }
} finally {
  await Promise.all([long.close(), short.close()]);
}
