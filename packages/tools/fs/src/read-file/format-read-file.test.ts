import { describe, expect, it } from 'vitest';
import { formatReadFile } from './format-read-file.js';
import type { ReadTextResult } from './read-file.js';

const text = (overrides: Partial<ReadTextResult>): ReadTextResult => ({
  kind: 'text',
  path: 'a.txt',
  absolutePath: '/w/a.txt',
  lines: [],
  startLine: 1,
  endLine: 0,
  totalLines: 0,
  fileBytes: 0,
  outputBytes: 0,
  stoppedBy: null,
  maxLines: 2000,
  maxBytes: 51_200,
  ...overrides,
});

describe('formatReadFile', () => {
  it('right-aligns line numbers to the widest one shown', () => {
    const lines = Array.from({ length: 3 }, (_, i) => `l${i + 98}`);
    const [part] = formatReadFile(text({ lines, startLine: 98, endLine: 100, totalLines: 100 }));
    expect(part).toEqual({ type: 'text', text: ' 98 | l98\n 99 | l99\n100 | l100' });
  });

  it('quotes a path with spaces in the command it suggests, and names the shell tool as told', () => {
    const [part] = formatReadFile(
      text({
        path: 'my file.txt',
        oversizedLine: { line: 3, bytes: 60_000 },
        stoppedBy: 'bytes',
        startLine: 3,
        endLine: 2,
      }),
      { shellToolName: 'bash' },
    );
    expect(part).toEqual({
      type: 'text',
      text: "[Line 3 is 58.6KB, exceeds 50.0KB limit. Use bash: sed -n '3p' 'my file.txt' | head -c 51200]",
    });
  });
});
