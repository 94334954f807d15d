import { describe, expect, it } from 'vitest';
import { deriveNewContent } from '../content/derive-new-content.js';
import { parsePatch } from '../parser/parse-patch.js';
import { addDiff, deleteDiff, updateDiff } from './file-diffs.js';

function diffOf(content: string, ...body: string[]): string {
  const hunk = parsePatch(['*** Begin Patch', '*** Update File: f.txt', ...body, '*** End Patch'].join('\n'))
    .hunks[0];
  if (hunk?.type !== 'update') throw new Error('not an update');
  const derived = deriveNewContent(content, hunk.chunks, '/abs/f.txt');
  return updateDiff(derived.before, derived.after, derived.replacements, 'f.txt', 'f.txt');
}

const numbered = (count: number) => `${Array.from({ length: count }, (_, i) => `line${i + 1}`).join('\n')}\n`;

describe('updateDiff', () => {
  it('shows a change with three lines of context and real line numbers', () => {
    expect(diffOf(numbered(10), '@@', '-line5', '+FIVE')).toBe(
      [
        '--- a/f.txt',
        '+++ b/f.txt',
        '@@ -2,7 +2,7 @@',
        ' line2',
        ' line3',
        ' line4',
        '-line5',
        '+FIVE',
        ' line6',
        ' line7',
        ' line8',
        '',
      ].join('\n'),
    );
  });

  it('splits distant changes into separate hunks and merges close ones', () => {
    const far = diffOf(numbered(20), '@@', '-line2', '+TWO', '@@', '-line18', '+EIGHTEEN');
    expect(far.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -15,6 +15,6 @@']);
    const near = diffOf(numbered(20), '@@', '-line2', '+TWO', '@@', '-line8', '+EIGHT');
    expect(near.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,11 +1,11 @@']);
  });

  it('counts inserted and removed lines in the hunk header', () => {
    expect(diffOf('a\nb\n', '@@', ' a', '+x', '+y', '-b')).toBe(
      ['--- a/f.txt', '+++ b/f.txt', '@@ -1,2 +1,3 @@', ' a', '-b', '+x', '+y', ''].join('\n'),
    );
  });

  it('marks a last line that gained its line break', () => {
    expect(diffOf('a\nb', '@@', '-a', '+A')).toBe(
      [
        '--- a/f.txt',
        '+++ b/f.txt',
        '@@ -1,2 +1,2 @@',
        '-a',
        '-b',
        '\\ No newline at end of file',
        '+A',
        '+b',
        '',
      ].join('\n'),
    );
  });

  it('is empty when the update changes nothing', () => {
    expect(diffOf('a\n', '@@', ' a')).toBe('');
  });

  it('names the destination of a move', () => {
    const hunk = parsePatch('*** Begin Patch\n*** Update File: a\n*** Move to: b\n@@\n-x\n+y\n*** End Patch')
      .hunks[0];
    if (hunk?.type !== 'update') throw new Error('not an update');
    const derived = deriveNewContent('x\n', hunk.chunks, '/a');
    expect(updateDiff(derived.before, derived.after, derived.replacements, 'a', 'b')).toMatch(
      /^--- a\/a\n\+\+\+ b\/b\n/,
    );
  });
});

describe('addDiff and deleteDiff', () => {
  it('shows a new file against /dev/null', () => {
    expect(addDiff('n.txt', 'one\ntwo\n')).toBe(
      ['--- /dev/null', '+++ b/n.txt', '@@ -0,0 +1,2 @@', '+one', '+two', ''].join('\n'),
    );
  });

  it('shows an overwritten file against its old content', () => {
    expect(addDiff('n.txt', 'keep\nnew\n', 'keep\nold\n')).toBe(
      ['--- a/n.txt', '+++ b/n.txt', '@@ -1,2 +1,2 @@', ' keep', '-old', '+new', ''].join('\n'),
    );
  });

  it('shows a deleted file going to /dev/null', () => {
    expect(deleteDiff('d.txt', 'x')).toBe(
      ['--- a/d.txt', '+++ /dev/null', '@@ -1 +0,0 @@', '-x', '\\ No newline at end of file', ''].join('\n'),
    );
  });

  it('shows an empty new file as no hunks', () => {
    expect(addDiff('e.txt', '')).toBe('');
  });
});
