import { describe, expect, it } from 'vitest';
import { parsePatch } from '../parser/parse-patch.js';
import type { UpdateChunk } from '../parser/patch-types.js';
import { ContextNotFoundError, ExpectedLinesNotFoundError } from './content-errors.js';
import { deriveNewContent } from './derive-new-content.js';

/** The chunks of a one-file update patch written as its body lines. */
function chunks(...body: string[]): UpdateChunk[] {
  const hunk = parsePatch(['*** Begin Patch', '*** Update File: f', ...body, '*** End Patch'].join('\n'))
    .hunks[0];
  if (hunk?.type !== 'update') throw new Error('not an update');
  return hunk.chunks;
}

const apply = (content: string, ...body: string[]) =>
  deriveNewContent(content, chunks(...body), '/abs/f').newContent;

describe('deriveNewContent', () => {
  it('replaces the matched lines', () => {
    expect(apply('a\nb\nc\n', '@@', ' a', '-b', '+B', ' c')).toBe('a\nB\nc\n');
  });

  it('applies several chunks in file order', () => {
    expect(apply('1\n2\n3\n4\n', '@@', '-2', '+two', '@@', '-4', '+four')).toBe('1\ntwo\n3\nfour\n');
  });

  it('adds a final newline to a file that had none', () => {
    expect(apply('one', '@@', '-one', '+1', '+2')).toBe('1\n2\n');
  });

  it('keeps a trailing blank line (codex drops one; we do not lose lines the patch did not touch)', () => {
    expect(apply('a\nb\n\n', '@@', '-a', '+A')).toBe('A\nb\n\n');
  });

  it('appends pure additions at the end of the file, whatever the @@ context', () => {
    expect(apply('def f():\n    pass\nx = 1\n', '@@ def f():', '+# end')).toBe(
      'def f():\n    pass\nx = 1\n# end\n',
    );
  });

  it('places pure additions before a final blank line', () => {
    expect(apply('a\n\n', '@@', '+b')).toBe('a\nb\n\n');
  });

  it('places pure additions at the end even when a later chunk changes an earlier line', () => {
    expect(apply('l1\nl2\nl3\n', '@@', '+added', '@@', '-l2', '+L2')).toBe('l1\nL2\nl3\nadded\n');
  });

  it('positions a chunk after its @@ context line', () => {
    expect(apply('x\nret\ndef g():\nret\n', '@@ def g():', '-ret', '+RET')).toBe('x\nret\ndef g():\nRET\n');
  });

  it('matches *** End of File chunks at the end of the file', () => {
    expect(apply('z\ny\nz\n', '@@', '-z', '+Z', '*** End of File')).toBe('z\ny\nZ\n');
  });

  it('retries once without a trailing empty pattern line', () => {
    expect(apply('a\nb\n', '@@', ' a', '-b', '+B', '')).toBe('a\nB\n');
  });

  it('retries without a trailing empty removed line, keeping an added empty line out too', () => {
    expect(apply('a\nb\n', '@@', ' a', '-b', '-', '+B', '+')).toBe('a\nB\n');
  });

  it('reports a missing @@ context with codex’s message', () => {
    expect(() => apply('a\n', '@@ nowhere', '-a')).toThrow(new ContextNotFoundError('/abs/f', 'nowhere'));
    expect(() => apply('a\n', '@@ nowhere', '-a')).toThrow("Failed to find context 'nowhere' in /abs/f");
  });

  it('reports lines that are not found with the whole old text', () => {
    expect(() => apply('a\n', '@@', ' a', '-b', '+c')).toThrow(
      new ExpectedLinesNotFoundError('/abs/f', ['a', 'b']),
    );
    expect(() => apply('a\n', '@@', ' a', '-b')).toThrow('Failed to find expected lines in /abs/f:\na\nb');
  });

  it('does not find a chunk placed before an earlier one (the cursor only moves forward)', () => {
    expect(() => apply('a\nb\n', '@@', '-b', '+B', '@@', '-a', '+A')).toThrow(ExpectedLinesNotFoundError);
  });

  it('keeps context lines as they are in the file when a loose pass matched them', () => {
    expect(apply('\tif x:  \n\t\treturn 1\n', '@@', ' if x:', '-return 1', '+\t\treturn 2')).toBe(
      '\tif x:  \n\t\treturn 2\n',
    );
    expect(apply('\u201cq\u201d\nold\n', '@@', ' "q"', '-old', '+new')).toBe('\u201cq\u201d\nnew\n');
  });

  it('keeps CRLF line endings, and gives added lines the file’s first line ending', () => {
    expect(apply('a\r\nb\r\nc\r\n', '@@', ' a', '-b', '+B', '+B2', ' c')).toBe('a\r\nB\r\nB2\r\nc\r\n');
  });

  it('keeps each untouched line’s own ending in a mixed file', () => {
    expect(apply('a\r\nb\nc\r\nd\n', '@@', ' b', '-c', '+C')).toBe('a\r\nb\nC\r\nd\n');
  });

  it('keeps a context line’s own ending when the line before it is removed', () => {
    expect(apply('same\r\nsame\n', '@@', '-same', ' same')).toBe('same\n');
  });

  it('gives an unterminated last line the file’s line ending', () => {
    expect(apply('one\r\ntwo', '@@', '-one', '+ONE')).toBe('ONE\r\ntwo\r\n');
  });

  it('keeps a byte-order mark and matches the first line without it', () => {
    expect(apply('\ufefftitle\nbody\n', '@@', ' title', '-body', '+BODY')).toBe('\ufefftitle\nBODY\n');
  });

  it('updates an empty file with a pure addition', () => {
    expect(apply('', '@@', '+first')).toBe('first\n');
  });

  it('applies overlapping replacements (an End of File chunk anchored before the previous one) like codex', () => {
    // Both chunks land on line 1. Codex splices bottom-up: X replaces b, then B replaces X.
    expect(apply('a\nb\n', '@@', '-b', '+B', '@@', '-b', '+X', '*** End of File')).toBe('a\nB\n');
  });

  it('keeps the order of added lines when they repeat removed ones', () => {
    expect(apply('a\nb\n', '@@', '-a', '-b', '+b', '+b', '+a')).toBe('b\nb\na\n');
  });

  it('reports where each chunk landed', () => {
    const result = deriveNewContent('a\nb\nc\nd\n', chunks('@@', '-b', '+B', '@@', '-d'), '/abs/f');
    expect(result.replacements.map(({ start, oldLength }) => [start, oldLength])).toEqual([
      [1, 1],
      [3, 1],
    ]);
  });
});
