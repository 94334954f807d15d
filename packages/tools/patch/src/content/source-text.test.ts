import { describe, expect, it } from 'vitest';
import { parseSourceText, renderSourceText } from './source-text.js';

describe('parseSourceText / renderSourceText', () => {
  it.each([
    ['', []],
    ['a', [['a', undefined]]],
    ['a\n', [['a', '\n']]],
    [
      'a\r\nb',
      [
        ['a', '\r\n'],
        ['b', undefined],
      ],
    ],
    [
      'a\n\n',
      [
        ['a', '\n'],
        ['', '\n'],
      ],
    ],
    ['a\rb\n', [['a\rb', '\n']]],
  ])('splits %j into lines with their own endings', (content, expected) => {
    const source = parseSourceText(content);
    expect(source.lines.map((line) => [line.text, line.ending])).toEqual(expected);
    expect(renderSourceText(source)).toBe(content);
  });

  it('prefers the ending of the first line break, LF when there is none', () => {
    expect(parseSourceText('a\r\nb\nc\n').preferredEnding).toBe('\r\n');
    expect(parseSourceText('a\nb\r\n').preferredEnding).toBe('\n');
    expect(parseSourceText('a').preferredEnding).toBe('\n');
  });

  it('keeps a byte-order mark out of the first line and writes it back', () => {
    const source = parseSourceText('\ufeffx\n');
    expect(source.hasBom).toBe(true);
    expect(source.lines[0]?.text).toBe('x');
    expect(renderSourceText(source)).toBe('\ufeffx\n');
  });
});
