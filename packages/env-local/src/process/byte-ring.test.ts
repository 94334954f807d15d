import { describe, expect, it } from 'vitest';
import { ByteRing } from './byte-ring.js';

describe('ByteRing', () => {
  it('keeps everything while under its capacity', () => {
    const ring = new ByteRing(100);
    ring.push(Buffer.from('abc'));
    ring.push(Buffer.from('def'));
    expect(ring.text()).toBe('abcdef');
    expect(ring.truncated).toBe(false);
  });

  it('returns exactly the last capacity bytes once it overflows, across the wrap', () => {
    const ring = new ByteRing(10);
    for (let index = 0; index < 50; index++) ring.push(Buffer.from(`${index % 10}`.repeat(7)));
    expect(ring.text()).toBe('8889999999');
    expect(ring.truncated).toBe(true);
  });

  it('keeps the end of a push larger than itself', () => {
    const ring = new ByteRing(4);
    ring.push(Buffer.from('ab'));
    ring.push(Buffer.from('0123456789'));
    expect(ring.text()).toBe('6789');
    ring.push(Buffer.from('x'));
    expect(ring.text()).toBe('789x');
  });

  it('cuts on a character boundary, never inside one', () => {
    const ring = new ByteRing(5);
    ring.push(Buffer.from('ab你好')); // 2 + 3 + 3 bytes
    expect(ring.text()).toBe('好');
  });

  it('copies what it keeps, so the caller may reuse its buffer', () => {
    const ring = new ByteRing(8);
    const reused = Buffer.from('abcd');
    ring.push(reused);
    reused.write('wxyz');
    ring.push(reused);
    expect(ring.text()).toBe('abcdwxyz');
  });

  it('holds nothing with a capacity of 0', () => {
    const ring = new ByteRing(0);
    ring.push(Buffer.from('abc'));
    expect(ring.text()).toBe('');
    expect(ring.truncated).toBe(true);
  });
});
