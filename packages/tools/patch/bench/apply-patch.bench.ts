/**
 * apply_patch of a 1,000-hunk patch, on one large file and across many files.
 *
 * Two comparisons each, both measured in this run:
 *  - the tool in-process (parse, verify all hunks in memory, diffs, atomic writes through
 *    LocalExecutionEnvironment) against reading and rewriting the same files through the same
 *    environment with no patching: the I/O floor any patch applier pays, so the ratio is the cost
 *    of the patching itself;
 *  - the `apply_patch` command as a process against `git apply` of the same change as a unified
 *    diff: an established tool doing the same job, process start-up included on both sides (the
 *    patch goes to the command on stdin, as one argument this size exceeds Linux's limit).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executeTool, resultText, type ToolContext } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir, median, reportComparison } from '@weft/testkit';
import { applyPatchTool } from '../src/index.js';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'apply-patch-cli.js');
const RUNS = 5;

interface Workload {
  name: string;
  /** Relative path → original content. */
  files: Map<string, string>;
  /** Relative path → content after the change. */
  expected: Map<string, string>;
  /** The change as an apply_patch patch. */
  patch: string;
  /** The same change as a unified diff for `git apply`. */
  diff: string;
}

const line = (file: number, index: number) =>
  `    value_${file}_${index} = compute(${index}, "${'x'.repeat(index % 17)}")`;

/** One file of `lines` lines with a change every `every` lines: `hunks` chunks in one Update. */
function largeFile(lines: number, hunks: number): Workload {
  const every = Math.floor(lines / hunks);
  const original = Array.from({ length: lines }, (_, i) => line(0, i));
  const changed = [...original];
  const patch = ['*** Begin Patch', '*** Update File: big.py'];
  const diff = ['--- a/big.py', '+++ b/big.py'];
  for (let h = 0; h < hunks; h++) {
    const at = h * every + Math.floor(every / 2);
    changed[at] = `${original[at]}  # changed`;
    patch.push('@@', ...chunk(original, changed, at));
    diff.push(`@@ -${at - 2},7 +${at - 2},7 @@`, ...chunk(original, changed, at));
  }
  patch.push('*** End Patch');
  return {
    name: `1 file, ${lines.toLocaleString('en')} lines, ${hunks.toLocaleString('en')} hunks`,
    files: new Map([['big.py', `${original.join('\n')}\n`]]),
    expected: new Map([['big.py', `${changed.join('\n')}\n`]]),
    patch: `${patch.join('\n')}\n`,
    diff: `${diff.join('\n')}\n`,
  };
}

/** `count` files of `lines` lines, one change in the middle of each: one Update hunk per file. */
function manyFiles(count: number, lines: number): Workload {
  const files = new Map<string, string>();
  const expected = new Map<string, string>();
  const patch = ['*** Begin Patch'];
  const diff: string[] = [];
  for (let f = 0; f < count; f++) {
    const path = `src/module_${Math.floor(f / 100)}/file_${f}.py`;
    const original = Array.from({ length: lines }, (_, i) => line(f, i));
    const changed = [...original];
    const at = Math.floor(lines / 2);
    changed[at] = `${original[at]}  # changed`;
    files.set(path, `${original.join('\n')}\n`);
    expected.set(path, `${changed.join('\n')}\n`);
    patch.push(`*** Update File: ${path}`, '@@', ...chunk(original, changed, at));
    diff.push(
      `--- a/${path}`,
      `+++ b/${path}`,
      `@@ -${at - 2},7 +${at - 2},7 @@`,
      ...chunk(original, changed, at),
    );
  }
  patch.push('*** End Patch');
  return {
    name: `${count.toLocaleString('en')} files of ${lines} lines, 1 hunk each`,
    files,
    expected,
    patch: `${patch.join('\n')}\n`,
    diff: `${diff.join('\n')}\n`,
  };
}

/** Three lines of context, the change, three lines of context: the same lines in both formats. */
function chunk(original: string[], changed: string[], at: number): string[] {
  return [
    ...original.slice(at - 3, at).map((text) => ` ${text}`),
    `-${original[at]}`,
    `+${changed[at]}`,
    ...original.slice(at + 1, at + 4).map((text) => ` ${text}`),
  ];
}

function writeTree(root: string, files: Map<string, string>): void {
  for (const [path, content] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

function checkTree(root: string, files: Map<string, string>, what: string): void {
  for (const [path, content] of files) {
    if (readFileSync(join(root, path), 'utf8') !== content)
      throw new Error(`${what} produced the wrong ${path}`);
  }
}

/** Median wall time of `run`, with `setup` (restoring the files) outside the timing. */
async function timed(setup: () => void, run: () => Promise<void> | void): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    setup();
    const start = performance.now();
    await run();
    if (i > 0) times.push(performance.now() - start);
  }
  return median(times);
}

async function measure(workload: Workload): Promise<void> {
  using dir = createTempDir('apply-patch-bench-');
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
  const context: ToolContext = { env, signal: new AbortController().signal, toolCallId: 'bench' };
  const reset = () => writeTree(dir.path, workload.files);

  const tool = await timed(reset, async () => {
    const result = await executeTool(applyPatchTool, { input: workload.patch }, context);
    if (result.isError) throw new Error(resultText(result));
  });
  checkTree(dir.path, workload.expected, 'the tool');

  const ioFloor = await timed(reset, async () => {
    for (const path of workload.files.keys()) await env.writeFile(path, await env.readFile(path));
  });

  const command = await timed(reset, () => {
    // On stdin: a patch this size is past Linux's 128 KiB limit for one argument.
    execFileSync(process.execPath, [CLI], { cwd: dir.path, input: workload.patch, stdio: 'pipe' });
  });
  checkTree(dir.path, workload.expected, 'the command');

  writeFileSync(join(dir.path, '..', `${dir.path.split('/').pop()}.diff`), workload.diff);
  const diffFile = join(dir.path, '..', `${dir.path.split('/').pop()}.diff`);
  const gitApply = await timed(reset, () => {
    execFileSync('git', ['apply', '--unsafe-paths', diffFile], { cwd: dir.path, stdio: 'pipe' });
  });
  checkTree(dir.path, workload.expected, 'git apply');

  reportComparison({
    name: `apply_patch tool, ${workload.name}`,
    ours: tool,
    baseline: ioFloor,
    baselineName: 'read + atomic rewrite of the same files, no patching',
    unit: 'ms',
  });
  reportComparison({
    name: `apply_patch command, ${workload.name}`,
    ours: command,
    baseline: gitApply,
    baselineName: 'git apply of the same change',
    unit: 'ms',
  });
}

await measure(largeFile(100_000, 1_000));
await measure(manyFiles(1_000, 200));
