import { chmodSync, existsSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRootPrivileges } from '../test/drop-root.js';
import { createWorkspace, type Workspace } from '../test/workspace.js';
import { writeFileTool } from './write-file-tool.js';

let ws: Workspace;
beforeAll(() => {
  expect(dropRootPrivileges()).toBe(true);
  ws = createWorkspace();
});
afterAll(() => {
  chmodSync(ws.path('locked'), 0o755);
  ws.remove();
});

describe('write_file: permissions (seed 004 §J.4.3)', () => {
  it('J.4 3.1 answers a folder without write permission with "Permission denied" and writes nothing', async () => {
    ws.write('locked/keep.txt', 'x');
    chmodSync(ws.path('locked'), 0o555);
    const result = await ws.run(writeFileTool, { file_path: 'locked/new.txt', content: 'test' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^Permission denied: locked\/new\.txt\./);
    expect(existsSync(ws.path('locked/new.txt'))).toBe(false);
  });
});
