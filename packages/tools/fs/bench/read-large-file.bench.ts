/**
 * Reading lines near the end of a 1 GB file must not load the file: the read runs in a child
 * process, which reports its peak RSS before the read (after loading the tools and the
 * environment) and after it. Target: the read adds under 64 MB. The peak depends on when the
 * garbage collector frees the stream's chunks, so the child runs three times and the median counts.
 */
import { spawnSync } from 'node:child_process';
import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createTempDir, reportAbsolute } from '@weft/testkit';

const TARGET_MB = 64;
const FILE_BYTES = 1024 * 1024 * 1024;
const LINE = 'The quick brown fox jumps over the lazy dog; a line of filler text for the benchmark.\n';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dir = createTempDir('weft-bench-read-');
try {
  const path = dir.join('huge.log');
  const block = Buffer.from(LINE.repeat(Math.floor((1024 * 1024) / LINE.length)));
  const blocks = Math.floor(FILE_BYTES / block.length);
  const handle = await open(path, 'w');
  for (let i = 0; i < blocks; i++) await handle.write(block);
  await handle.close();
  const totalLines = (blocks * block.length) / LINE.length;
  const offset = totalLines - 100;

  // The child loads everything first, records its peak RSS, then reads 50 lines near the end.
  const child = `
    const { LocalExecutionEnvironment } = await import('@weft/env-local');
    const { readFile } = await import('./dist/index.js');
    const env = new LocalExecutionEnvironment({ workingDirectory: ${JSON.stringify(dir.path)} });
    const before = process.resourceUsage().maxRSS;
    const started = performance.now();
    const result = await readFile(env, { path: 'huge.log', offset: ${offset}, limit: 50 });
    const ms = performance.now() - started;
    const after = process.resourceUsage().maxRSS;
    if (result.kind !== 'text' || result.lines.length !== 50 || result.totalLines !== ${totalLines}) {
      throw new Error('unexpected read result');
    }
    process.stdout.write(JSON.stringify({ before, after, ms }));
  `;
  // Peak RSS depends on when the garbage collector runs, so the child runs 3 times; the median counts.
  const runs = [1, 2, 3].map(() => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', child], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
    return JSON.parse(run.stdout) as { before: number; after: number; ms: number };
  });
  const { before, after, ms } = runs.sort((a, b) => a.after - a.before - (b.after - b.before))[1]!;
  console.log(
    `  (added in each run: ${runs.map((r) => ((r.after - r.before) / 1024).toFixed(1)).join(', ')} MB)`,
  );
  const toMb = (kb: number) => kb / 1024;
  const met = reportAbsolute({
    name: `read_file: 50 lines near the end of a 1 GB file (${(ms / 1000).toFixed(1)} s), peak memory added`,
    value: toMb(after - before),
    unit: 'MB',
    baseline: toMb(before),
    baselineName: 'child peak RSS before the read',
    target: TARGET_MB,
  });
  if (!met) process.exitCode = 1;
} finally {
  dir.remove();
}
