import { describe, expect, it } from 'vitest';
import { parsePatch } from './parse-patch.js';
import { InvalidHunkError, InvalidPatchError } from './patch-parse-error.js';

const wrap = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');

function parseError(text: string): InvalidPatchError | InvalidHunkError {
  try {
    parsePatch(text);
  } catch (error) {
    if (error instanceof InvalidPatchError || error instanceof InvalidHunkError) return error;
    throw error;
  }
  throw new Error('expected the patch to be rejected');
}

describe('parsePatch: the envelope', () => {
  it('parses the three hunk kinds in patch order', () => {
    const { hunks } = parsePatch(
      wrap(
        '*** Add File: a.txt',
        '+one',
        '*** Delete File: b.txt',
        '*** Update File: c.txt',
        '@@',
        '-x',
        '+y',
      ),
    );
    expect(hunks.map((hunk) => [hunk.type, hunk.path])).toEqual([
      ['add', 'a.txt'],
      ['delete', 'b.txt'],
      ['update', 'c.txt'],
    ]);
  });

  it('accepts a patch without a final newline and with blank lines around it', () => {
    expect(parsePatch(`\n\n${wrap('*** Delete File: a')}`).hunks).toHaveLength(1);
    expect(parsePatch(`${wrap('*** Delete File: a')}\n\n  \n`).hunks).toHaveLength(1);
  });

  it('checks the Begin and End lines after trimming them', () => {
    expect(parsePatch('  *** Begin Patch\n*** Delete File: a\n*** End Patch   ').hunks).toHaveLength(1);
  });

  it('parses an empty patch to zero hunks (applying it is what fails)', () => {
    expect(parsePatch('*** Begin Patch\n*** End Patch').hunks).toEqual([]);
  });

  it('reads CRLF patch text as if it were LF', () => {
    const { hunks } = parsePatch(wrap('*** Update File: a', '@@', '-x', '+y').replaceAll('\n', '\r\n'));
    expect(hunks[0]).toMatchObject({
      type: 'update',
      path: 'a',
      chunks: [{ oldLines: ['x'], newLines: ['y'] }],
    });
  });

  it('rejects a first line that is not the Begin marker', () => {
    expect(parseError('*** Delete File: a\n*** End Patch').message).toBe(
      "Invalid patch: The first line of the patch must be '*** Begin Patch'",
    );
  });

  it('rejects a last line that is not the End marker, and empty input, with the last-line message', () => {
    const message = "Invalid patch: The last line of the patch must be '*** End Patch'";
    expect(parseError('*** Begin Patch\n*** Delete File: a').message).toBe(message);
    expect(parseError('').message).toBe(message);
    expect(parseError('   \n ').message).toBe(message);
    expect(parseError('*** Begin Patch').message).toBe(message);
  });

  it('keeps the patch text without its wrapper', () => {
    expect(parsePatch("<<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF\n").patch).toBe(
      '*** Begin Patch\n*** Delete File: a\n*** End Patch',
    );
  });
});

describe('parsePatch: heredoc wrappers (lenient mode)', () => {
  const body = ['*** Begin Patch', '*** Add File: h', '+x', '*** End Patch'];

  it.each(["<<'EOF'", '<<EOF', '<<"EOF"'])('unwraps %s ... EOF', (opener) => {
    expect(parsePatch([opener, ...body, 'EOF'].join('\n')).hunks).toEqual([
      { type: 'add', path: 'h', contents: 'x\n' },
    ]);
  });

  it('accepts any last line that ends with EOF', () => {
    expect(parsePatch(["<<'EOF'", ...body, 'PATCHEOF'].join('\n')).hunks).toHaveLength(1);
  });

  it('rejects mismatched quotes and other delimiters', () => {
    expect(() => parsePatch(['<<"EOF\'', ...body, 'EOF'].join('\n'))).toThrow(/first line of the patch/);
    expect(() => parsePatch(["<<'PATCH'", ...body, 'PATCH'].join('\n'))).toThrow(/first line of the patch/);
  });

  it('reports the inner problem when the unwrapped body is malformed', () => {
    expect(
      parseError(["<<'EOF'", '*** Begin Patch', '*** Add File: h', '+x', 'EOF'].join('\n')).message,
    ).toBe("Invalid patch: The last line of the patch must be '*** End Patch'");
  });

  it('needs at least four lines to count as a wrapper', () => {
    expect(parseError("<<'EOF'\n*** Begin Patch\nEOF").message).toMatch(/first line of the patch/);
  });
});

describe('parsePatch: hunk headers', () => {
  it('trims header lines, so indented and padded headers work', () => {
    const { hunks } = parsePatch(
      wrap('   *** Delete File: spaced.txt   ', '\t*** Add File: tabbed.txt', '+t'),
    );
    expect(hunks.map((hunk) => hunk.path)).toEqual(['spaced.txt', 'tabbed.txt']);
  });

  it('keeps absolute paths as written', () => {
    expect(parsePatch(wrap('*** Delete File: /tmp/abs.txt')).hunks[0]?.path).toBe('/tmp/abs.txt');
  });

  it('rejects an unknown header with codex’s message and the line number (Begin is line 1)', () => {
    const error = parseError(wrap('*** Delete File: a', '*** Frobnicate File: foo'));
    expect(error).toBeInstanceOf(InvalidHunkError);
    expect(error.message).toBe(
      "Invalid patch hunk on line 3: '*** Frobnicate File: foo' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'",
    );
  });

  it('treats header keywords case-sensitively', () => {
    expect(() => parsePatch(wrap('*** add file: a', '+x'))).toThrow(/is not a valid hunk header/);
  });
});

describe('parsePatch: Add File', () => {
  it('takes consecutive + lines, each followed by a newline', () => {
    expect(parsePatch(wrap('*** Add File: a', '+one', '+', '+  three')).hunks[0]).toEqual({
      type: 'add',
      path: 'a',
      contents: 'one\n\n  three\n',
    });
  });

  it('accepts zero lines and creates an empty file', () => {
    expect(parsePatch(wrap('*** Add File: empty')).hunks[0]).toEqual({
      type: 'add',
      path: 'empty',
      contents: '',
    });
  });

  it('ends at the first line that does not start with +', () => {
    expect(() => parsePatch(wrap('*** Add File: a', '+one', ' not added'))).toThrow(
      // The header is trimmed before it is reported.
      "Invalid patch hunk on line 4: 'not added' is not a valid hunk header",
    );
  });
});

describe('parsePatch: Update File', () => {
  it('reads a Move to line straight after the header', () => {
    expect(
      parsePatch(wrap('*** Update File: a', '*** Move to: b/c', '@@', '-x', '+y')).hunks[0],
    ).toMatchObject({
      path: 'a',
      movePath: 'b/c',
    });
  });

  it('drops trailing whitespace from the Move to path', () => {
    expect(parsePatch(wrap('*** Update File: a', '*** Move to: b  ', '@@', '-x')).hunks[0]).toMatchObject({
      movePath: 'b',
    });
  });

  it('does not recognise an indented Move to line', () => {
    const hunk = parsePatch(wrap('*** Update File: a', ' *** Move to: b', '-x')).hunks[0];
    expect(hunk).toMatchObject({ chunks: [{ oldLines: ['*** Move to: b', 'x'] }] });
    expect(hunk).not.toHaveProperty('movePath');
  });

  it('parses chunks with and without context headers', () => {
    const hunk = parsePatch(wrap('*** Update File: a', '@@', ' a', '-b', '+B', '@@ def f():', '-c', '+C'))
      .hunks[0];
    expect(hunk).toMatchObject({
      chunks: [
        { oldLines: ['a', 'b'], newLines: ['a', 'B'], isEndOfFile: false },
        { changeContext: 'def f():', oldLines: ['c'], newLines: ['C'] },
      ],
    });
    expect(hunk?.type === 'update' && hunk.chunks[0]).not.toHaveProperty('changeContext');
  });

  it('keeps each chunk line’s kind in order', () => {
    const hunk = parsePatch(wrap('*** Update File: a', '@@', ' a', '-b', '+B', ' c')).hunks[0];
    expect(hunk?.type === 'update' && hunk.chunks[0]?.lines).toEqual([
      { kind: 'context', text: 'a' },
      { kind: 'remove', text: 'b' },
      { kind: 'add', text: 'B' },
      { kind: 'context', text: 'c' },
    ]);
  });

  it('takes the text after "@@ " verbatim as the context, even if empty', () => {
    const hunk = parsePatch(wrap('*** Update File: a', '@@ ', '-x')).hunks[0];
    expect(hunk).toMatchObject({ chunks: [{ changeContext: '' }] });
  });

  it('allows the first chunk to start without @@', () => {
    expect(parsePatch(wrap('*** Update File: a', ' a', '-b')).hunks[0]).toMatchObject({
      chunks: [{ oldLines: ['a', 'b'], newLines: ['a'] }],
    });
  });

  it('rejects a later chunk that does not start with @@', () => {
    expect(parseError(wrap('*** Update File: a', '@@', '-b', 'oops')).message).toBe(
      "Invalid patch hunk on line 5: Expected update hunk to start with a @@ context marker, got: 'oops'",
    );
  });

  it('counts an empty line as an empty context line', () => {
    expect(parsePatch(wrap('*** Update File: a', '@@', ' a', '', '-b')).hunks[0]).toMatchObject({
      chunks: [{ oldLines: ['a', '', 'b'], newLines: ['a', ''] }],
    });
  });

  it('skips blank lines between the header and the first chunk', () => {
    expect(parsePatch(wrap('*** Update File: a', '', '   ', '@@', '-b')).hunks[0]).toMatchObject({
      chunks: [{ oldLines: ['b'] }],
    });
  });

  it('marks a chunk ending in *** End of File', () => {
    expect(
      parsePatch(wrap('*** Update File: a', '@@', '-z', '+Z', '*** End of File')).hunks[0],
    ).toMatchObject({
      chunks: [{ isEndOfFile: true }],
    });
  });

  it('rejects an update with no chunks', () => {
    expect(parseError(wrap('*** Update File: a', '*** Delete File: b')).message).toBe(
      "Invalid patch hunk on line 2: Update file hunk for path 'a' is empty",
    );
  });

  it('rejects @@ or *** End of File with no lines after them', () => {
    expect(parseError(wrap('*** Update File: a', '@@')).message).toBe(
      'Invalid patch hunk on line 4: Update hunk does not contain any lines',
    );
    expect(parseError(wrap('*** Update File: a', '@@', '*** End of File')).message).toBe(
      'Invalid patch hunk on line 4: Update hunk does not contain any lines',
    );
  });

  it('rejects nested @@ lines, as codex does (one context line per chunk)', () => {
    expect(parseError(wrap('*** Update File: a', '@@ class A', '@@ def m():', '-x')).message).toBe(
      "Invalid patch hunk on line 4: Unexpected line found in update hunk: '@@ def m():'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)",
    );
  });

  it('ends an update at any line starting with *', () => {
    const { hunks } = parsePatch(wrap('*** Update File: a', '@@', '-x', '*** Delete File: b'));
    expect(hunks.map((hunk) => hunk.type)).toEqual(['update', 'delete']);
  });

  it('treats an indented header after a chunk as the start of another chunk', () => {
    expect(parseError(wrap('*** Update File: a', '@@', '-x', '  *** Delete File: b', 'z')).message).toMatch(
      /^Invalid patch hunk on line 6: Expected update hunk to start with a @@ context marker, got: 'z'$/,
    );
  });
});
