import { describe, expect, it } from 'vitest';
import { RollingWindow } from './rolling-window.js';

describe('RollingWindow', () => {
  it('keeps everything while under its size', () => {
    const window = new RollingWindow(100);
    window.push(Buffer.from('abc'), undefined);
    window.push(Buffer.from('def'), undefined);
    expect(window.text()).toBe('abcdef');
    expect(window.truncated).toBe(false);
  });

  it('returns exactly the last maxBytes once it overflows', () => {
    const window = new RollingWindow(10);
    for (let index = 0; index < 50; index++) window.push(Buffer.from(`${index % 10}`.repeat(7)), undefined);
    expect(window.text()).toBe('8889999999');
    expect(window.truncated).toBe(true);
  });

  it('cuts on a character boundary, never inside one', () => {
    const window = new RollingWindow(5);
    window.push(Buffer.from('ab你好'), undefined); // 2 + 3 + 3 bytes
    expect(window.text()).toBe('好');
  });

  it('holds at most one piece beyond its size, so memory stays bounded', () => {
    const window = new RollingWindow(1000);
    for (let index = 0; index < 10_000; index++) window.push(Buffer.alloc(300, 0x61), undefined);
    const held = [...window.held()].reduce((sum, piece) => sum + piece.bytes.length, 0);
    expect(held).toBeLessThan(1000 + 4 * 1024 + 300);
  });

  it('keeps the tags of interleaved streams in arrival order', () => {
    const window = new RollingWindow<'out' | 'err'>(100);
    window.push(Buffer.from('1'), 'out');
    window.push(Buffer.from('2'), 'err');
    window.push(Buffer.from('3'), 'out');
    expect([...window.held()].map((piece) => `${piece.tag}:${piece.bytes}`)).toEqual([
      'out:1',
      'err:2',
      'out:3',
    ]);
    expect(window.text()).toBe('123');
  });
});
