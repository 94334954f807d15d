import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { executeTool, resultText, type ToolContext } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { applyPatchTool, createApplyPatchTool, runApplyPatch } from './apply-patch-tool.js';
import { commitStaged } from './commit-staged.js';
import { EnvironmentFiles } from './environment-files.js';
import { APPLY_PATCH_LARK_GRAMMAR } from './freeform-grammar.js';

const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');

function contextFor(
  workingDirectory: string,
  options: { signal?: AbortSignal; writableRoots?: string[] } = {},
) {
  const env = new LocalExecutionEnvironment({ workingDirectory, writableRoots: options.writableRoots ?? [] });
  const context: ToolContext = {
    env,
    signal: options.signal ?? new AbortController().signal,
    toolCallId: 'call',
  };
  return context;
}

describe('the apply_patch tool', () => {
  it('is named apply_patch and takes one required string, input', () => {
    expect(applyPatchTool.name).toBe('apply_patch');
    expect(applyPatchTool.parameters).toMatchObject({
      type: 'object',
      required: ['input'],
      properties: { input: { type: 'string' } },
      additionalProperties: false,
    });
  });

  it('names the parameter when the arguments are wrong', async () => {
    using dir = createTempDir('tool-');
    const missing = await executeTool(applyPatchTool, { patch: 'x' }, contextFor(dir.path));
    expect(missing.isError).toBe(true);
    expect(resultText(missing)).toContain('"input"');
    const wrongType = await executeTool(applyPatchTool, { input: 42 }, contextFor(dir.path));
    expect(resultText(wrongType)).toContain('parameter "input"');
  });

  it('returns codex’s summary and, in details, each change with its diff', async () => {
    using dir = createTempDir('tool-');
    writeFileSync(dir.join('m.txt'), 'a\nb\nc\n');
    writeFileSync(dir.join('old.txt'), 'moved\n');
    const result = await executeTool(
      applyPatchTool,
      {
        input: patch(
          '*** Update File: m.txt',
          '@@',
          ' a',
          '-b',
          '+B',
          '*** Update File: old.txt',
          '*** Move to: new/place.txt',
          '@@',
          '-moved',
          '+moved!',
          '*** Add File: n.txt',
          '+n',
        ),
      },
      contextFor(dir.path),
    );
    expect(result.isError ?? false).toBe(false);
    expect(resultText(result)).toBe(
      'Success. Updated the following files:\nA n.txt\nM m.txt\nM new/place.txt\n',
    );
    expect(result.details).toEqual({
      affected: { added: ['n.txt'], modified: ['m.txt', 'new/place.txt'], deleted: [] },
      changes: [
        {
          kind: 'update',
          path: 'm.txt',
          absolutePath: dir.join('m.txt'),
          diff: '--- a/m.txt\n+++ b/m.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n',
        },
        {
          kind: 'update',
          path: 'old.txt',
          absolutePath: dir.join('old.txt'),
          movePath: 'new/place.txt',
          absoluteMovePath: dir.join('new/place.txt'),
          diff: '--- a/old.txt\n+++ b/new/place.txt\n@@ -1 +1 @@\n-moved\n+moved!\n',
        },
        {
          kind: 'add',
          path: 'n.txt',
          absolutePath: dir.join('n.txt'),
          overwritten: false,
          diff: '--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+n\n',
        },
      ],
    });
    expect(existsSync(dir.join('old.txt'))).toBe(false);
  });

  it('verifies every hunk before writing: a failure in the last hunk leaves earlier files untouched', async () => {
    using dir = createTempDir('tool-');
    writeFileSync(dir.join('a.txt'), 'a\n');
    writeFileSync(dir.join('b.txt'), 'b\n');
    const result = await executeTool(
      applyPatchTool,
      {
        input: patch(
          '*** Update File: a.txt',
          '@@',
          '-a',
          '+A',
          '*** Delete File: b.txt',
          '*** Add File: c.txt',
          '+c',
          '*** Update File: a.txt',
          '@@',
          '-not there',
        ),
      },
      contextFor(dir.path),
    );
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      `apply_patch verification failed: Failed to find expected lines in ${dir.path}/a.txt:\nnot there\n\nThe context and '-' lines must match the file's current lines, in order, after the previous chunk. Read the file again and resend the patch with lines copied from it. No files were changed.`,
    );
    expect(result.details).toMatchObject({ changes: [], error: { phase: 'verify', restored: true } });
    expect(readFileSync(dir.join('a.txt'), 'utf8')).toBe('a\n');
    expect(readFileSync(dir.join('b.txt'), 'utf8')).toBe('b\n');
    expect(existsSync(dir.join('c.txt'))).toBe(false);
  });

  it('verifies later hunks against the result of earlier ones', async () => {
    using dir = createTempDir('tool-');
    const result = await executeTool(
      applyPatchTool,
      {
        input: patch(
          '*** Add File: x.txt',
          '+one',
          '*** Update File: x.txt',
          '*** Move to: y.txt',
          '@@',
          '-one',
          '+two',
          '*** Update File: y.txt',
          '@@',
          '-two',
          '+three',
        ),
      },
      contextFor(dir.path),
    );
    expect(resultText(result)).toBe('Success. Updated the following files:\nA x.txt\nM y.txt\nM y.txt\n');
    expect(existsSync(dir.join('x.txt'))).toBe(false);
    expect(readFileSync(dir.join('y.txt'), 'utf8')).toBe('three\n');
  });

  it('rejects writes outside the allowed folders before writing anything', async () => {
    using root = createTempDir('tool-root-');
    mkdirSync(root.join('project'));
    const project = root.join('project');
    const result = await executeTool(
      applyPatchTool,
      { input: patch('*** Add File: inside.txt', '+i', '*** Add File: ../outside.txt', '+o') },
      contextFor(project),
    );
    expect(result.isError).toBe(true);
    const text = resultText(result);
    expect(
      text.startsWith('patch rejected: writing outside of the project; rejected by user approval settings\n'),
    ).toBe(true);
    expect(text).toContain(project);
    expect(existsSync(root.join('outside.txt'))).toBe(false);
    expect(existsSync(root.join('project/inside.txt'))).toBe(false);
  });

  it('writes outside the working directory when the environment allows that folder', async () => {
    using dir = createTempDir('tool-');
    using extra = createTempDir('tool-extra-');
    const result = await executeTool(
      applyPatchTool,
      { input: patch(`*** Add File: ${extra.join('x.txt')}`, '+x') },
      contextFor(dir.path, { writableRoots: [extra.path] }),
    );
    expect(result.isError ?? false).toBe(false);
    expect(readFileSync(extra.join('x.txt'), 'utf8')).toBe('x\n');
  });

  it('runs concurrent calls on one environment one after another', async () => {
    using dir = createTempDir('tool-');
    writeFileSync(dir.join('f.txt'), 'v1\n');
    const context = contextFor(dir.path);
    const first = executeTool(
      applyPatchTool,
      { input: patch('*** Update File: f.txt', '@@', '-v1', '+v2') },
      context,
    );
    const second = executeTool(
      applyPatchTool,
      { input: patch('*** Update File: f.txt', '@@', '-v2', '+v3') },
      context,
    );
    const results = await Promise.all([first, second]);
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false]);
    expect(readFileSync(dir.join('f.txt'), 'utf8')).toBe('v3\n');
  });

  it('writes nothing when the call is aborted before the files are written', async () => {
    using dir = createTempDir('tool-');
    const controller = new AbortController();
    controller.abort();
    const result = await runApplyPatch(
      patch('*** Add File: a.txt', '+a'),
      contextFor(dir.path, { signal: controller.signal }),
    );
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe('apply_patch was aborted before writing; no files were changed.');
    expect(existsSync(dir.join('a.txt'))).toBe(false);
  });

  it('can be renamed and can give codex’s texts without our advice', async () => {
    using dir = createTempDir('tool-');
    const tool = createApplyPatchTool({ name: 'patch_files', hints: false });
    expect(tool.name).toBe('patch_files');
    const result = await executeTool(tool, { input: '*** Begin Patch\n*** End Patch' }, contextFor(dir.path));
    expect(resultText(result)).toBe('patch rejected: empty patch');
  });

  it('exports codex’s Lark grammar for the freeform variant', () => {
    expect(APPLY_PATCH_LARK_GRAMMAR.startsWith('start: begin_patch hunk+ end_patch\n')).toBe(true);
    expect(APPLY_PATCH_LARK_GRAMMAR).toContain('eof_line: "*** End of File" LF');
  });
});

describe('commitStaged (the write phase)', () => {
  it('restores the files it already wrote when a later write fails', async () => {
    using dir = createTempDir('commit-');
    writeFileSync(dir.join('a.txt'), Buffer.from([0xff, 0x01]));
    mkdirSync(dir.join('folder'));
    const files = new EnvironmentFiles(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    const failure = await commitStaged(files, [
      { path: dir.join('a.txt'), content: 'replaced' },
      { path: dir.join('new.txt'), content: 'new' },
      { path: dir.join('folder'), content: 'cannot write a folder' },
    ]);
    expect(failure).toMatchObject({ operation: { path: dir.join('folder') }, restored: true });
    expect(readFileSync(dir.join('a.txt'))).toEqual(Buffer.from([0xff, 0x01]));
    expect(existsSync(dir.join('new.txt'))).toBe(false);
  });

  it('skips deleting a file that never existed (added and deleted within one patch)', async () => {
    using dir = createTempDir('commit-');
    const files = new EnvironmentFiles(new LocalExecutionEnvironment({ workingDirectory: dir.path }));
    expect(await commitStaged(files, [{ path: dir.join('temp.txt'), content: null }])).toBeUndefined();
  });
});
