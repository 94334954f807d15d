import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTempDir } from '@weft/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyInput, expectedTree, loadScenarios, snapshotTree, withCwd } from '../testing/scenarios.js';

const run = promisify(execFile);
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'apply-patch-cli.js');

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: build the package first (turbo runs build before test).`);
});

async function runCli(cwd: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the apply_patch command on the scenario suite (codex binary semantics: hunks in order, no rollback)', () => {
  for (const scenario of loadScenarios()) {
    it.concurrent(scenario.name, async () => {
      using dir = createTempDir('apply-patch-cli-');
      copyInput(scenario, dir.path);
      const result = await runCli(dir.path, [scenario.patch]);
      if (scenario.stdout !== undefined) {
        expect(result).toEqual({ code: 0, stdout: scenario.stdout, stderr: '' });
      } else {
        expect(result).toEqual({ code: 1, stdout: '', stderr: withCwd(scenario.stderr ?? '', dir.path) });
      }
      expect(snapshotTree(dir.path)).toEqual(expectedTree(scenario));
    });
  }
});
