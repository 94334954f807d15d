import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '../../testing/tool-harness.js';
import { createApplyPatchTool } from './apply-patch-tool.js';
import { createShellCommandTool } from './shell-command-tool.js';

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace();
});
afterEach(() => ws.cleanup());

const applyPatch = createApplyPatchTool();
const shell = createShellCommandTool();
const WALL_TIME = /^Wall time: \d+\.\d seconds$/;

const PATCH = `*** Begin Patch
*** Add File: nested/new.txt
+created
*** Update File: modify.txt
@@
-line2
+changed
*** Delete File: delete.txt
*** End Patch`;

describe('apply_patch (codex)', () => {
  beforeEach(() => ws.write({ 'modify.txt': 'line1\nline2\n', 'delete.txt': 'gone\n' }));

  it('applies a patch and answers in the exec wrapper with the A/M/D summary', async () => {
    const call = await ws.call(applyPatch, { input: PATCH });
    const lines = call.text.split('\n');
    expect(call.isError).toBe(false);
    expect(lines[0]).toBe('Exit code: 0');
    expect(lines[1]).toMatch(WALL_TIME);
    expect(lines.slice(2)).toEqual([
      'Output:',
      'Success. Updated the following files:',
      'A nested/new.txt',
      'M modify.txt',
      'D delete.txt',
      '',
    ]);
    expect(readFileSync(`${ws.path}/modify.txt`, 'utf8')).toBe('line1\nchanged\n');
  });

  it("answers a failed patch with codex's verification error and changes nothing", async () => {
    const call = await ws.call(applyPatch, { input: PATCH.replace('-line2', '-line9') });
    expect(call.isError).toBe(true);
    expect(call.text.split('\n')[0]).toBe(
      `apply_patch verification failed: Failed to find expected lines in ${ws.path}/modify.txt:`,
    );
    expect(readFileSync(`${ws.path}/delete.txt`, 'utf8')).toBe('gone\n');
  });
});

describe('shell_command (codex)', () => {
  it('answers with exit code, wall time and output', async () => {
    const call = await ws.call(shell, { command: 'echo hello' });
    const lines = call.text.split('\n');
    expect(lines[0]).toBe('Exit code: 0');
    expect(lines[1]).toMatch(WALL_TIME);
    expect(lines.slice(2)).toEqual(['Output:', 'hello', '']);
    expect(call.details).toMatchObject({ timeoutMs: 10_000 });
  });

  it('reports a failing command by its exit code, marking the call unsuccessful', async () => {
    const call = await ws.call(shell, { command: 'echo oops >&2; exit 7' });
    expect(call.isError).toBe(true);
    expect(call.text).toMatch(/^Exit code: 7\nWall time: [\d.]+ seconds\nOutput:\noops\n$/);
  });

  it('runs in workdir, and stops a command at timeout_ms with exit code 124 and the timeout line', async () => {
    ws.write({ 'sub/.keep': '' });
    expect((await ws.call(shell, { command: 'pwd', workdir: 'sub' })).text).toContain(
      `Output:\n${ws.path}/sub\n`,
    );
    const call = await ws.call(shell, { command: 'echo begun; sleep 30', timeout_ms: 1500 });
    expect(call.text).toMatch(
      /^Exit code: 124\nWall time: [\d.]+ seconds\nOutput:\ncommand timed out after 1500 milliseconds\nbegun\n$/,
    );
  });

  it("takes the session's command timeouts when the tool has none of its own", async () => {
    const session = { commandTimeouts: { defaultMs: 250, maxMs: 5_000 } };
    expect((await ws.call(shell, { command: 'true' }, session)).details).toMatchObject({ timeoutMs: 250 });
    expect((await ws.call(shell, { command: 'true', timeout_ms: 60_000 }, session)).details).toMatchObject({
      timeoutMs: 5_000,
    });
  });

  it('uses the configured default timeout', async () => {
    const quick = createShellCommandTool({ defaultTimeoutMs: 200 });
    const call = await ws.call(quick, { command: 'sleep 30' });
    expect(call.text).toContain('command timed out after 200 milliseconds');
  });

  it("returns output the environment kept whole untouched, and cuts larger output codex's way", async () => {
    const whole = await ws.call(shell, { command: 'seq 1 10000' });
    expect(whole.text).not.toContain('tokens truncated');
    expect(whole.text.endsWith('9999\n10000\n')).toBe(true);

    const huge = await ws.call(shell, { command: 'seq 1 200000' });
    const lines = huge.text.split('\n');
    expect(lines[2]).toBe('Total output lines: 200000');
    expect(lines[3]).toBe('Output:');
    expect(lines[4]).toBe('1');
    expect(huge.text).toMatch(/\n?\d*…\d+ tokens truncated…\d*\n/);
    expect(huge.text.endsWith('199999\n200000\n')).toBe(true);
    expect(Buffer.byteLength(huge.text)).toBeLessThan(41_000);
  });

  it('routes an apply_patch heredoc to apply_patch instead of running it, honouring cd and workdir', async () => {
    ws.write({ 'pkg/a.txt': 'one\n' });
    const command = `cd pkg && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n-one\n+two\n*** End Patch\nEOF`;
    const call = await ws.call(shell, { command });
    expect(call.text).toMatch(
      /^Exit code: 0\nWall time: [\d.]+ seconds\nOutput:\nSuccess\. Updated the following files:\nM a\.txt\n$/,
    );
    expect(readFileSync(`${ws.path}/pkg/a.txt`, 'utf8')).toBe('two\n');

    const viaWorkdir = await ws.call(shell, {
      command: `apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n-two\n+three\n*** End Patch\nEOF`,
      workdir: 'pkg',
    });
    expect(viaWorkdir.isError).toBe(false);
    expect(readFileSync(`${ws.path}/pkg/a.txt`, 'utf8')).toBe('three\n');
  });

  it('refuses a bare patch sent as a command', async () => {
    const call = await ws.call(shell, { command: PATCH });
    expect(call.isError).toBe(true);
    expect(call.text.split('\n')[0]).toBe(
      'patch detected without explicit call to apply_patch. Rerun as ["apply_patch", "<patch>"]',
    );
  });
});
