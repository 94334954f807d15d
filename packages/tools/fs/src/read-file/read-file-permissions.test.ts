import { chmodSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRootPrivileges } from '../test/drop-root.js';
import { createWorkspace, type Workspace } from '../test/workspace.js';
import { readFileTool } from './read-file-tool.js';

let ws: Workspace;
beforeAll(() => {
  expect(dropRootPrivileges()).toBe(true);
  ws = createWorkspace();
});
afterAll(() => ws.remove());

describe('read_file: permissions (seed 004 §J.3.5)', () => {
  it('J.3 5.4 answers an unreadable file (mode 000) with "Permission denied"', async () => {
    ws.write('secret.txt', 'hidden\n');
    chmodSync(ws.path('secret.txt'), 0o000);
    const result = await ws.run(readFileTool, { file_path: 'secret.txt' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^Permission denied: secret\.txt\./);
    expect(result.details).toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
