/**
 * Edit of a 10 MB file: edit_file's operation (read, binary and UTF-8 checks, exact and fuzzy
 * uniqueness count, replace, atomic write, diff) against the least any edit must do, a plain
 * readFile + string replace + writeFile of the same file. Target: under 150 ms.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir, medianTimeMs, reportAbsolute, reportComparison } from '@weft/testkit';
import { editFile } from '../src/index.js';

const TARGET_MS = 150;
const line = 'export const value = computeSomething(alpha, beta, gamma); // a typical line of code\n';
const body = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));

const dir = createTempDir('weft-bench-edit-');
try {
  const path = dir.join('large.ts');
  await writeFile(path, `${body}const marker = 0;\n${body}`);
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });

  // Each run changes the file, flipping the marker between two values.
  let ours = 0;
  const oursMs = await medianTimeMs(async () => {
    const result = await editFile(env, {
      path: 'large.ts',
      oldString: `const marker = ${ours};`,
      newString: `const marker = ${1 - ours};`,
    });
    if (result.replacements !== 1) throw new Error('edit did not land');
    ours = 1 - ours;
  }, 15);

  let plain = ours;
  const baselineMs = await medianTimeMs(async () => {
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(`const marker = ${plain};`, `const marker = ${1 - plain};`));
    plain = 1 - plain;
  }, 15);

  const sizeMb = ((body.length * 2) / (1024 * 1024)).toFixed(1);
  reportComparison({
    name: `edit_file on a ${sizeMb} MB file`,
    ours: oursMs,
    baseline: baselineMs,
    baselineName: 'readFile + replace + writeFile',
    unit: 'ms',
  });
  const met = reportAbsolute({
    name: `edit_file on a ${sizeMb} MB file, absolute`,
    value: oursMs,
    unit: 'ms',
    baseline: baselineMs,
    baselineName: 'readFile + replace + writeFile',
    target: TARGET_MS,
  });
  if (!met) process.exitCode = 1;
} finally {
  dir.remove();
}
