/**
 * grep and glob over a generated tree of 20,000 files, each beside ripgrep run directly with the
 * same arguments (same binary, same run): the ratio is the cost of going through the
 * ExecutionEnvironment, parsing, filtering and formatting.
 */
import { spawn } from 'node:child_process';
import { executeTool, resultText, type ToolContext } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir, median, reportComparison } from '@weft/testkit';
import { buildGlobArgs } from '../src/glob/glob-args.js';
import { buildPathFilter } from '../src/globs/path-filter.js';
import { buildGrepArgs } from '../src/grep/grep-args.js';
import { defaultRgPath, globTool, grepTool } from '../src/index.js';
import { generateTree, RARE_TOKEN } from './generate-tree.js';

/** The binary the baseline runs directly: the one the tools run. */
const RG_PATH = await defaultRgPath();

const RUNS = 15;
const WARMUP = 2;

/**
 * Median wall time of `ours` and of `baseline`, run alternately (ABBA...) rather than in two
 * blocks, so load from anything else on the machine falls on both alike.
 */
async function pairedMedians(
  ours: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  runs = RUNS,
): Promise<{ ours: number; baseline: number }> {
  const time = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  for (let i = 0; i < WARMUP; i++) {
    await ours();
    await baseline();
  }
  const oursTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      oursTimes.push(await time(ours));
      baselineTimes.push(await time(baseline));
    } else {
      baselineTimes.push(await time(baseline));
      oursTimes.push(await time(ours));
    }
  }
  return { ours: median(oursTimes), baseline: median(baselineTimes) };
}

/** ripgrep run directly: spawn, read all of stdout, wait for exit. */
function rgDirect(args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(RG_PATH, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

async function main(): Promise<void> {
  using dir = createTempDir('weft-search-bench-');
  const started = performance.now();
  const tree = generateTree(dir.path);
  console.log(
    `tree: ${tree.visibleFiles} files (${tree.binaryFiles} binary, ${tree.rareFiles} holding the rare token) + ${tree.ignoredFiles} ignored, ${(tree.totalBytes / 1024 / 1024).toFixed(1)} MB, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
  const context: ToolContext = { env, signal: new AbortController().signal, toolCallId: 'bench' };
  const call = async (tool: typeof grepTool | typeof globTool, args: unknown) => {
    const result = await executeTool(tool, args, context);
    if (result.isError) throw new Error(resultText(result));
    return result;
  };
  let allMet = true;

  // 1. A rare pattern: ripgrep walks and searches the whole tree; few matches.
  {
    const args = { pattern: RARE_TOKEN };
    const first = await call(grepTool, args);
    console.log(`grep rare: ${resultText(first).split('\n').length} output lines`);
    const rgArgs = buildGrepArgs({ pattern: RARE_TOKEN, mode: 'content' }, dir.path);
    const { ours, baseline } = await pairedMedians(
      () => call(grepTool, args),
      () => rgDirect(rgArgs, dir.path),
    );
    allMet = reportComparison({
      name: `grep, rare pattern, ${tree.visibleFiles} files`,
      ours,
      baseline,
      baselineName: 'rg --json directly',
      unit: 'ms',
      targetRatio: 1.3,
    });
  }

  // 2. The same with a glob filter (matched by us after ripgrep's ignore rules, prefiltered by file type).
  {
    const args = { pattern: RARE_TOKEN, glob_filter: '*.ts' };
    const filter = buildPathFilter(['*.ts']);
    const rgArgs = buildGrepArgs({ pattern: RARE_TOKEN, mode: 'content' }, dir.path, filter.rgArgs);
    const { ours, baseline } = await pairedMedians(
      () => call(grepTool, args),
      () => rgDirect(rgArgs, dir.path),
    );
    allMet = reportComparison({
      name: `grep, rare pattern, glob_filter *.ts`,
      ours,
      baseline,
      baselineName: 'rg --json --type-add directly',
      unit: 'ms',
      targetRatio: 1.3,
    });
  }

  // 3. A common word: the 100-match limit stops ripgrep; the baseline reads every match.
  {
    const args = { pattern: 'return' };
    const rgArgs = buildGrepArgs({ pattern: 'return', mode: 'content' }, dir.path);
    const outputBytes = await rgDirect(rgArgs, dir.path);
    // The baseline prints every match of a common word, so fewer runs.
    const { ours, baseline } = await pairedMedians(
      () => call(grepTool, args),
      () => rgDirect(rgArgs, dir.path),
      5,
    );
    reportComparison({
      name: `grep, common word (limit 100 stops rg)`,
      ours,
      baseline,
      baselineName: `rg --json directly, all ${(outputBytes / 1024 / 1024).toFixed(0)} MB of matches`,
      unit: 'ms',
    });
  }

  // 4. files_with_matches of a common word: stops after 100 files.
  {
    const args = { pattern: 'export', output_mode: 'files_with_matches' };
    const rgArgs = buildGrepArgs({ pattern: 'export', mode: 'files_with_matches' }, dir.path);
    const { ours, baseline } = await pairedMedians(
      () => call(grepTool, args),
      () => rgDirect(rgArgs, dir.path),
    );
    reportComparison({
      name: `grep files_with_matches, common word`,
      ours,
      baseline,
      baselineName: 'rg --files-with-matches directly, all files',
      unit: 'ms',
    });
  }

  // 5. glob over the whole tree, newest first: ripgrep lists and sorts; we filter, count, format.
  for (const pattern of ['**/*.ts', '*']) {
    const first = await call(globTool, { pattern });
    const total = (first.details as { totalCount: number }).totalCount;
    const filter = buildPathFilter([pattern]);
    const rgArgs = buildGlobArgs({ pattern }, dir.path, filter.rgArgs);
    const { ours, baseline } = await pairedMedians(
      () => call(globTool, { pattern }),
      () => rgDirect(rgArgs, dir.path),
    );
    allMet = reportComparison({
      name: `glob ${pattern} (${total} matches, newest first)`,
      ours,
      baseline,
      baselineName: 'rg --files --sortr modified directly',
      unit: 'ms',
      targetRatio: 1.3,
    });
  }

  await env.cleanup();
  if (!allMet) process.exitCode = 1;
}

await main();
