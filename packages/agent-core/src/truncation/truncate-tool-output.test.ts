import { describe, expect, it } from 'vitest';
import { countChars } from './characters.js';
import { truncateChars } from './truncate-chars.js';
import { truncateLines } from './truncate-lines.js';
import { truncateToolOutput } from './truncate-tool-output.js';

const HEAD_TAIL_MARKER = (n: number) =>
  `[WARNING: Tool output was truncated. ${n} characters were removed from the middle. The full output is available in the event stream. If you need to see specific parts, re-run the tool with more targeted parameters.]`;
const TAIL_MARKER = (n: number) =>
  `[WARNING: Tool output was truncated. First ${n} characters were removed. The full output is available in the event stream.]`;

describe('truncateChars (loop spec §5.1)', () => {
  it('returns output within the limit untouched', () => {
    expect(truncateChars('short', 10, 'head_tail')).toEqual({
      text: 'short',
      truncated: false,
      totalChars: 5,
      removedChars: 0,
    });
  });

  it('head_tail keeps both halves with the spec marker between them', () => {
    const text = `${'a'.repeat(60)}${'b'.repeat(40)}`;
    const result = truncateChars(text, 20, 'head_tail');
    expect(result.text).toBe(`${'a'.repeat(10)}\n\n${HEAD_TAIL_MARKER(80)}\n\n${'b'.repeat(10)}`);
    expect(result.removedChars).toBe(80);
  });

  it('head_tail gives the tail the extra character of an odd limit, so exactly maxChars are kept', () => {
    const result = truncateChars('0123456789', 5, 'head_tail');
    expect(result.text).toBe(`01\n\n${HEAD_TAIL_MARKER(5)}\n\n789`);
  });

  it('tail keeps the end with the spec marker first', () => {
    expect(truncateChars('0123456789', 4, 'tail').text).toBe(`${TAIL_MARKER(6)}\n\n6789`);
  });

  it('head keeps the beginning with a mirrored marker after it', () => {
    expect(truncateChars('0123456789', 4, 'head').text).toBe(
      '0123\n\n[WARNING: Tool output was truncated. Last 6 characters were removed. The full output is available in the event stream.]',
    );
  });

  it('counts and cuts by characters, never splitting a surrogate pair', () => {
    const text = '😀'.repeat(10);
    const result = truncateChars(text, 4, 'head_tail');
    expect(result.totalChars).toBe(10);
    expect(result.removedChars).toBe(6);
    expect(result.text.startsWith('😀😀\n\n')).toBe(true);
    expect(result.text.endsWith('\n\n😀😀')).toBe(true);
    expect(result.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('truncateLines (loop spec §5.3)', () => {
  it('keeps the first and last halves with "[... N lines omitted ...]" between them', () => {
    const text = Array.from({ length: 10 }, (_, i) => `L${i}`).join('\n');
    expect(truncateLines(text, 4)).toEqual({
      text: 'L0\nL1\n[... 6 lines omitted ...]\nL8\nL9',
      truncated: true,
      totalLines: 10,
      omittedLines: 6,
    });
  });

  it('leaves text with at most maxLines lines alone', () => {
    expect(truncateLines('a\nb', 2).truncated).toBe(false);
  });
});

describe('truncateToolOutput (loop spec §5.3)', () => {
  it('cuts a 2-line file of 10 MB lines by characters first, which a line limit alone would pass', () => {
    const line = 'x'.repeat(10 * 1024 * 1024);
    const text = `${line}\n${line}`;
    expect(truncateLines(text, 256).truncated).toBe(false);
    const result = truncateToolOutput(text, 'shell');
    expect(result.removedChars).toBe(text.length - 30_000);
    expect(result.text).toBe(
      `${'x'.repeat(15_000)}\n\n${HEAD_TAIL_MARKER(text.length - 30_000)}\n\n${'x'.repeat(15_000)}`,
    );
    expect(result.omittedLines).toBe(0);
  });

  it('applies the line limit after the character pass', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `match ${i}`).join('\n');
    const result = truncateToolOutput(text, 'grep');
    // 1000 short lines are under 20 000 characters, then 200 lines are kept.
    expect(result).toMatchObject({
      removedChars: 0,
      maxLines: 200,
      linesBeforeLinePass: 1000,
      omittedLines: 800,
    });
    expect(result.text.split('\n')).toHaveLength(201);
    expect(result.text).toContain('match 99\n[... 800 lines omitted ...]\nmatch 900');
  });

  it('uses the spec default limit and mode of each tool', () => {
    const cases: [string, number, string][] = [
      ['read_file', 50_000, 'head_tail'],
      ['shell', 30_000, 'head_tail'],
      ['grep', 20_000, 'tail'],
      ['glob', 20_000, 'tail'],
      ['edit_file', 10_000, 'tail'],
      ['apply_patch', 10_000, 'tail'],
      ['write_file', 1_000, 'tail'],
      ['spawn_agent', 20_000, 'head_tail'],
    ];
    for (const [tool, maxChars, mode] of cases) {
      const result = truncateToolOutput('z'.repeat(maxChars + 7), tool);
      expect({ tool, maxChars: result.maxChars, mode: result.mode, removed: result.removedChars }).toEqual({
        tool,
        maxChars,
        mode,
        removed: 7,
      });
      expect(truncateToolOutput('z'.repeat(maxChars), tool).truncated).toBe(false);
    }
  });

  it('uses the spec default line limits: shell 256, grep 200, glob 500, none for read_file and edit_file', () => {
    expect(truncateToolOutput('a', 'shell').maxLines).toBe(256);
    expect(truncateToolOutput('a', 'grep').maxLines).toBe(200);
    expect(truncateToolOutput('a', 'glob').maxLines).toBe(500);
    expect(truncateToolOutput('a', 'read_file').maxLines).toBeNull();
    expect(truncateToolOutput('a', 'edit_file').maxLines).toBeNull();
    const manyLines = Array.from({ length: 3000 }, () => 'l').join('\n');
    expect(truncateToolOutput(manyLines, 'read_file').text).toBe(manyLines);
  });

  it('takes per-tool overrides for limits, line limits and modes', () => {
    const result = truncateToolOutput('0123456789', 'shell', {
      charLimits: { shell: 4 },
      modes: { shell: 'tail' },
      lineLimits: { shell: Number.POSITIVE_INFINITY },
    });
    expect(result).toMatchObject({
      text: `${TAIL_MARKER(6)}\n\n6789`,
      maxChars: 4,
      mode: 'tail',
      maxLines: null,
    });
  });

  it('gives a tool the tables do not name a 30 000-character head_tail limit', () => {
    const result = truncateToolOutput('q'.repeat(30_001), 'my_custom_tool');
    expect(result).toMatchObject({ maxChars: 30_000, mode: 'head_tail', removedChars: 1, maxLines: null });
  });

  it('does not take limits from the prototype of the tables', () => {
    expect(truncateToolOutput('x', 'toString').maxChars).toBe(30_000);
  });

  it('reports characters as code points', () => {
    const text = '😀'.repeat(1_001);
    const result = truncateToolOutput(text, 'write_file');
    expect(result.totalChars).toBe(1_001);
    expect(result.removedChars).toBe(1);
    expect(countChars(result.text)).toBeGreaterThan(1_000);
  });
});
