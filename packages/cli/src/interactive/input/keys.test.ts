import { describe, expect, it } from 'vitest';
import { type Key, KeyParser, keyId } from './keys.js';

const ids = (keys: Key[]): string[] => keys.map(keyId);

function parse(...chunks: string[]): string[] {
  const parser = new KeyParser();
  const keys: Key[] = [];
  for (const chunk of chunks) keys.push(...parser.feed(chunk));
  keys.push(...parser.flush());
  return ids(keys);
}

describe('KeyParser', () => {
  it('reads typed text as one key and Enter after it', () => {
    expect(parse('hello\r')).toEqual(['hello', 'enter']);
  });

  it('reads Ctrl+letter from C0 controls', () => {
    expect(parse('\x03\x04\x01\x05\x0b\x15\x17\x0c')).toEqual([
      'ctrl+c',
      'ctrl+d',
      'ctrl+a',
      'ctrl+e',
      'ctrl+k',
      'ctrl+u',
      'ctrl+w',
      'ctrl+l',
    ]);
  });

  it('tells Enter, Ctrl+J, Alt+Enter and Tab apart', () => {
    expect(parse('\r', '\n', '\x1b\r', '\t', '\x1b[Z')).toEqual([
      'enter',
      'ctrl+enter',
      'alt+enter',
      'tab',
      'shift+tab',
    ]);
  });

  it('reads kitty and modifyOtherKeys forms of modified Enter', () => {
    expect(parse('\x1b[13;2u', '\x1b[13;3u', '\x1b[27;2;13~', '\x1b[27;3;13~')).toEqual([
      'shift+enter',
      'alt+enter',
      'shift+enter',
      'alt+enter',
    ]);
  });

  it('reads cursor and editing keys in CSI and SS3 forms, with modifiers', () => {
    expect(parse('\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA\x1bOH\x1b[F\x1b[3~\x1b[1;5C\x1b[1;3D\x1b[5~')).toEqual([
      'up',
      'down',
      'right',
      'left',
      'up',
      'home',
      'end',
      'delete',
      'ctrl+right',
      'alt+left',
      'pageup',
    ]);
  });

  it('reads Backspace as DEL or BS, and Alt+Backspace', () => {
    expect(parse('\x7f\b\x1b\x7f')).toEqual(['backspace', 'backspace', 'alt+backspace']);
  });

  it('holds a lone ESC until flush, then reads it as Escape', () => {
    const parser = new KeyParser();
    expect(parser.feed('\x1b')).toEqual([]);
    expect(parser.pending).toBe(true);
    expect(ids(parser.flush())).toEqual(['escape']);
  });

  it('joins a sequence split across reads', () => {
    const parser = new KeyParser();
    expect(parser.feed('\x1b')).toEqual([]);
    expect(parser.feed('[')).toEqual([]);
    expect(ids(parser.feed('A'))).toEqual(['up']);
  });

  it('reads ESC ESC as Escape twice', () => {
    expect(parse('\x1b\x1b')).toEqual(['escape', 'escape']);
  });

  it('reads Alt+letter', () => {
    expect(parse('\x1bb\x1bf')).toEqual(['alt+b', 'alt+f']);
  });

  it('reads a bracketed paste as one key, newlines and all, even across reads', () => {
    const parser = new KeyParser();
    const keys = [
      ...parser.feed('\x1b[200~line one\r\nline'),
      ...parser.feed(' two\x1b[20'),
      ...parser.feed('1~x'),
    ];
    expect(keys).toEqual([
      { name: 'paste', text: 'line one\nline two' },
      { name: 'char', text: 'x' },
    ]);
  });

  it('keeps non-ASCII characters whole', () => {
    expect(parse('日本🎉')).toEqual(['日本🎉']);
  });

  it('ignores focus reports and names unknown sequences', () => {
    expect(parse('\x1b[I\x1b[O\x1b[99x')).toEqual(['unknown']);
  });
});
