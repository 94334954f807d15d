/**
 * A command printing 500 MB through execCommand:
 * - wall time vs `cat file | tail -c 100` over the same bytes through a pipe (target ≤ 1.5×);
 * - peak memory above the process's own baseline, measured in a child Node process (target < 64 MB).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTempDir, median, medianTimeMs, reportAbsolute, reportComparison } from '@weft/testkit';
import { LocalExecutionEnvironment } from '../dist/index.js';

const SIZE = 500 * 1024 * 1024;
const packageRoot = fileURLToPath(new URL('..', import.meta.url));
using dir = createTempDir('weft-bench-exec-');
const file = dir.join('output.txt');
execFileSync('/bin/bash', [
  '-c',
  `yes 'a line of build output, 48 bytes long, ok.....' | head -c ${SIZE} > '${file}'`,
]);
if (statSync(file).size !== SIZE) throw new Error('could not create the 500 MB file');

const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, spillDirectory: dir.path });
let met = true;

async function runOurs(onOutput?: () => void) {
  const result = await env.execCommand(`cat '${file}'`, {
    timeoutMs: 600_000,
    ...(onOutput ? { onOutput } : {}),
  });
  if (result.totalBytes !== SIZE || !result.fullOutputPath) throw new Error('execCommand lost output');
}

// Baseline and ours alternate, so load from anything else on the machine hits both alike.
const baselineTimes: number[] = [];
const ourTimes: number[] = [];
for (let run = 0; run < 7; run++) {
  baselineTimes.push(
    await medianTimeMs(
      () => {
        const result = spawnSync('/bin/bash', ['-c', `cat '${file}' | tail -c 100`]);
        if (result.status !== 0) throw new Error('baseline failed');
      },
      1,
      run === 0 ? 1 : 0,
    ),
  );
  if (run === 0) await runOurs(); // warm-up
  const started = performance.now();
  await runOurs();
  ourTimes.push(performance.now() - started);
  await env.cleanup(); // delete the spill file between runs, outside the measurement
}
console.log(
  `    runs: baseline ${baselineTimes.map((t) => t.toFixed(0)).join(' ')} / ours ${ourTimes.map((t) => t.toFixed(0)).join(' ')}`,
);
const baselineMs = median(baselineTimes);
const oursMs = median(ourTimes);
met =
  reportComparison({
    name: 'execCommand, 500 MB of output (window + spill file)',
    ours: oursMs,
    baseline: baselineMs,
    baselineName: 'cat file | tail -c 100',
    unit: 'ms',
    targetRatio: 1.5,
  }) && met;

const streamingTimes: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  await runOurs(() => undefined);
  streamingTimes.push(performance.now() - started);
  await env.cleanup();
}
const streamingMs = median(streamingTimes);
reportComparison({
  name: 'execCommand, 500 MB of output, with an onOutput listener (for information)',
  ours: streamingMs,
  baseline: baselineMs,
  baselineName: 'cat file | tail -c 100',
  unit: 'ms',
});

// Diagnostic: the same command without a spill file, to separate the pipe handling from the disk.
const windowOnly = new LocalExecutionEnvironment({
  workingDirectory: dir.path,
  spillThresholdBytes: Number.POSITIVE_INFINITY,
});
const windowOnlyTimes: number[] = [];
const pipeTimes: number[] = [];
for (let run = 0; run < 5; run++) {
  let started = performance.now();
  spawnSync('/bin/bash', ['-c', `cat '${file}' | tail -c 100`]);
  pipeTimes.push(performance.now() - started);
  started = performance.now();
  const result = await windowOnly.execCommand(`cat '${file}'`, { timeoutMs: 600_000 });
  windowOnlyTimes.push(performance.now() - started);
  if (result.totalBytes !== SIZE || result.fullOutputPath) throw new Error('window-only run went wrong');
}
reportComparison({
  name: 'execCommand, 500 MB of output, window only: spillThresholdBytes Infinity (for information)',
  ours: median(windowOnlyTimes),
  baseline: median(pipeTimes),
  baselineName: 'cat file | tail -c 100',
  unit: 'ms',
});

for (const withListener of ['0', '1']) {
  const child = execFileSync(
    process.execPath,
    [fileURLToPath(new URL('./exec-memory-child.mjs', import.meta.url)), file, withListener],
    {
      cwd: dir.path,
      env: { ...process.env, NODE_PATH: packageRoot },
    },
  );
  const figures = JSON.parse(child.toString()) as { before: number; after: number; totalBytes: number };
  if (figures.totalBytes !== SIZE) throw new Error('the memory child lost output');
  const ok = reportAbsolute({
    name: `execCommand, 500 MB of output: peak RSS${withListener === '1' ? ' with onOutput' : ''}`,
    value: figures.after / 1024,
    baseline: figures.before / 1024,
    baselineName: 'same process before the command',
    unit: 'MB',
    target: figures.before / 1024 + 64,
  });
  console.log(
    `    growth above baseline: ${((figures.after - figures.before) / 1024).toFixed(1)} MB (target < 64 MB)`,
  );
  if (withListener === '0') met = ok && met;
}

if (!met) process.exitCode = 1;
