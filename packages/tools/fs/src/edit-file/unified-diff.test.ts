import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { diffReplacements, unifiedDiff } from './unified-diff.js';

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join('');

describe('unifiedDiff', () => {
  it('gives the same hunks as diffing the whole file, with the real line numbers', () => {
    const before = lines(200);
    const after = before.replace('line 120\n', 'changed\n').replace('line 123\n', '');
    const whole = structuredPatch('f', 'f', before, after, undefined, undefined, { context: 4 });
    const ours = unifiedDiff('f', before, after);
    const header = whole.hunks.map((h) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
    expect(ours.diff).toBe(
      `--- a/f\n+++ b/f\n${whole.hunks.map((h, i) => [header[i], ...h.lines].join('\n')).join('\n')}\n`,
    );
    expect(ours.firstChangedLine).toBe(120);
  });

  it('handles changes at the very start and end of a file', () => {
    expect(unifiedDiff('f', 'a\nb\n', 'A\nb\n').diff).toBe('--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n');
    expect(unifiedDiff('f', 'a\nb\n', 'a\nb\nc\n').diff).toBe(
      '--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n b\n+c\n',
    );
    expect(unifiedDiff('f', '\n\nx', '\n\ny').firstChangedLine).toBe(3);
  });

  it('returns no diff for identical texts', () => {
    expect(unifiedDiff('f', 'same', 'same')).toEqual({ diff: '', firstChangedLine: undefined });
  });

  it('diffs far-apart replacements as separate hunks with the new numbering carried over', () => {
    const before = lines(100);
    const at = (line: number) => before.indexOf(`line ${line}\n`);
    const replacements = [
      { start: at(10), end: at(11), text: 'ten\nten and a half\n' },
      { start: at(60), end: at(61), text: 'sixty\n' },
    ];
    let after = '';
    let copied = 0;
    for (const r of replacements) {
      after += before.slice(copied, r.start) + r.text;
      copied = r.end;
    }
    after += before.slice(copied);
    const whole = structuredPatch('f', 'f', before, after, undefined, undefined, { context: 4 });
    expect(whole.hunks).toHaveLength(2);
    const expected = whole.hunks
      .map((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines].join('\n'))
      .join('\n');
    expect(diffReplacements('f', before, replacements)).toEqual({
      diff: `--- a/f\n+++ b/f\n${expected}\n`,
      firstChangedLine: 10,
    });
  });

  it('diffs close replacements as one hunk', () => {
    const before = lines(30);
    const at = (line: number) => before.indexOf(`line ${line}\n`);
    const result = diffReplacements('f', before, [
      { start: at(10), end: at(11), text: 'X\n' },
      { start: at(14), end: at(15), text: 'Y\n' },
    ]);
    expect(result.diff.match(/^@@/gm)).toHaveLength(1);
  });
});
