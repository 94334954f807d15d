import { readFileSync, writeFileSync } from 'node:fs';
import { executeTool, resultText, type ToolContext } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir } from '@weft/testkit';
import { createShellTool } from '@weft/tools-shell';
import { describe, expect, it } from 'vitest';
import { applyPatchShellInterceptor } from './apply-patch-shell-interceptor.js';

function contextFor(workingDirectory: string): ToolContext {
  return {
    env: new LocalExecutionEnvironment({ workingDirectory }),
    signal: new AbortController().signal,
    toolCallId: 'call',
  };
}

describe('the shell tool with applyPatchShellInterceptor', () => {
  const shell = createShellTool({ interceptors: [applyPatchShellInterceptor] });

  it('answers an apply_patch heredoc with the apply_patch tool instead of running it', async () => {
    using dir = createTempDir('shell-intercept-');
    writeFileSync(dir.join('f.txt'), 'one\n');
    const command =
      "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: f.txt\n@@\n-one\n+two\n*** End Patch\nEOF";
    const result = await executeTool(shell, { command }, contextFor(dir.path));
    expect(result.isError ?? false).toBe(false);
    expect(resultText(result)).toBe('Success. Updated the following files:\nM f.txt\n');
    expect(result.details).toMatchObject({ changes: [{ kind: 'update', path: 'f.txt' }] });
    expect(readFileSync(dir.join('f.txt'), 'utf8')).toBe('two\n');
  });

  it('still runs every other command in the shell', async () => {
    using dir = createTempDir('shell-intercept-');
    const result = await executeTool(
      shell,
      { command: 'echo apply_patch is just a word here' },
      contextFor(dir.path),
    );
    expect(resultText(result)).toContain('apply_patch is just a word here');
  });
});
