import { describe, expect, it } from 'vitest';
import { calls, resultsFor } from './context.test-support.js';
import {
  DEFAULT_FILE_OPERATION_TOOLS,
  extractFileOperations,
  mergeFileOperations,
  patchPaths,
} from './file-operations.js';

const PATCH = [
  '*** Begin Patch',
  '*** Add File: new.ts',
  '+x',
  '*** Update File: old.ts',
  '*** Move to: moved.ts',
  '@@',
  '-a',
  '+b',
  '*** Delete File: gone.ts',
  '*** End Patch',
].join('\n');

describe('file operations carried into a summary', () => {
  it('reads the paths of every profile naming', () => {
    const call = calls(
      { name: 'read_file', arguments: { file_path: 'generic.ts' } },
      { name: 'Read', arguments: { file_path: '/abs/claude.ts' } },
      { name: 'view_image', arguments: { path: 'shot.png' } },
      { name: 'write_file', arguments: { file_path: 'written.ts', content: '' } },
      { name: 'Edit', arguments: { file_path: '/abs/edited.ts', old_string: 'a', new_string: 'b' } },
      {
        name: 'replace',
        arguments: { file_path: 'gemini.ts', instruction: 'x', old_string: 'a', new_string: 'b' },
      },
      { name: 'NotebookEdit', arguments: { notebook_path: 'n.ipynb' } },
    );
    expect(extractFileOperations([call, resultsFor(call, () => 'ok')])).toEqual({
      read: ['generic.ts', '/abs/claude.ts', 'shot.png'],
      modified: ['written.ts', '/abs/edited.ts', 'gemini.ts', 'n.ipynb'],
    });
  });

  it('reads apply_patch paths from the freeform text and from the JSON input', () => {
    expect(patchPaths(PATCH)).toEqual(['new.ts', 'old.ts', 'moved.ts', 'gone.ts']);
    const call = calls(
      { name: 'apply_patch', arguments: PATCH },
      { name: 'apply_patch', arguments: { input: '*** Update File: json.ts' } },
    );
    expect(extractFileOperations([call, resultsFor(call, () => 'Done')]).modified).toEqual([
      'new.ts',
      'old.ts',
      'moved.ts',
      'gone.ts',
      'json.ts',
    ]);
  });

  it('counts only calls that succeeded', () => {
    const call = calls(
      { name: 'read_file', arguments: { file_path: 'missing.ts' } },
      { name: 'edit_file', arguments: { file_path: 'a.ts' } },
    );
    expect(extractFileOperations([call, resultsFor(call, () => 'File not found', ['read_file'])])).toEqual({
      read: [],
      modified: ['a.ts'],
    });
    expect(extractFileOperations([call])).toEqual({ read: [], modified: [] }); // no results: nothing known to have happened
  });

  it('lists a file read and then modified as modified only, each path once', () => {
    const call = calls(
      { name: 'read_file', arguments: { file_path: 'a.ts' } },
      { name: 'read_file', arguments: { file_path: 'a.ts' } },
      { name: 'edit_file', arguments: { file_path: 'a.ts' } },
      { name: 'read_file', arguments: { file_path: 'b.ts' } },
    );
    expect(extractFileOperations([call, resultsFor(call, () => 'ok')])).toEqual({
      read: ['b.ts'],
      modified: ['a.ts'],
    });
    expect(mergeFileOperations({ read: ['x', 'y'], modified: [] }, { read: ['z'], modified: ['x'] })).toEqual(
      { read: ['y', 'z'], modified: ['x'] },
    );
  });

  it('takes the mapping from the caller, so a profile can name its own tools', () => {
    const call = calls(
      { name: 'open_doc', arguments: { doc: 'spec.md' } },
      { name: 'read_file', arguments: { file_path: 'a.ts' } },
    );
    const tools = {
      open_doc: (args: Record<string, unknown> | string) => ({
        read: typeof args === 'string' ? [] : [String(args.doc)],
      }),
    };
    expect(extractFileOperations([call, resultsFor(call, () => 'ok')], tools)).toEqual({
      read: ['spec.md'],
      modified: [],
    });
    expect(Object.isFrozen(DEFAULT_FILE_OPERATION_TOOLS)).toBe(true);
  });

  it('ignores tools it has no rule for, including inherited object keys', () => {
    const call = calls(
      { name: 'shell', arguments: { command: 'cat a.ts' } },
      { name: 'toString', arguments: { file_path: 'x' } },
    );
    expect(extractFileOperations([call, resultsFor(call, () => 'ok')])).toEqual({ read: [], modified: [] });
  });
});
