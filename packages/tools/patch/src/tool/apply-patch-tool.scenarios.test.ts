import { executeTool, resultText, type ToolContext } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import {
  copyInput,
  expectedTree,
  inputTree,
  loadScenarios,
  snapshotTree,
  withCwd,
} from '../testing/scenarios.js';
import { createApplyPatchTool } from './apply-patch-tool.js';

const exact = createApplyPatchTool({ hints: false });
const withHints = createApplyPatchTool();

function contextFor(workingDirectory: string): ToolContext {
  return {
    env: new LocalExecutionEnvironment({ workingDirectory }),
    signal: new AbortController().signal,
    toolCallId: 'call-1',
  };
}

describe('the apply_patch tool on the scenario suite (all or nothing: a failing patch changes nothing)', () => {
  for (const scenario of loadScenarios()) {
    it.concurrent(scenario.name, async () => {
      using dir = createTempDir('apply-patch-tool-');
      copyInput(scenario, dir.path);
      const result = await executeTool(exact, { input: scenario.patch }, contextFor(dir.path));
      if (scenario.stdout !== undefined) {
        expect(result.isError ?? false).toBe(false);
        expect(resultText(result)).toBe(scenario.stdout);
        expect(snapshotTree(dir.path)).toEqual(expectedTree(scenario));
      } else {
        expect(result.isError).toBe(true);
        expect(resultText(result)).toBe(withCwd(scenario.toolError ?? '', dir.path));
        expect(snapshotTree(dir.path)).toEqual(inputTree(scenario));
      }
    });
  }

  it.concurrent('adds advice after codex’s text on every failing scenario, and says no file changed', async () => {
    for (const scenario of loadScenarios().filter((s) => s.toolError !== undefined)) {
      using dir = createTempDir('apply-patch-tool-');
      copyInput(scenario, dir.path);
      const text = resultText(await executeTool(withHints, { input: scenario.patch }, contextFor(dir.path)));
      const codexText = withCwd(scenario.toolError ?? '', dir.path);
      expect(text.startsWith(`${codexText}\n\n`), scenario.name).toBe(true);
      expect(text.slice(codexText.length + 2), scenario.name).toMatch(/No files were changed\.$/);
    }
  });
});
