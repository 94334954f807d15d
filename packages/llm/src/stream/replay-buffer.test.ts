import { describe, expect, it } from 'vitest';
import { ReplayBuffer } from './replay-buffer.js';

async function collect<T>(iterator: AsyncIterator<T>): Promise<T[]> {
  const items: T[] = [];
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) items.push(next.value);
  return items;
}

describe('ReplayBuffer', () => {
  it('gives every consumer the whole sequence, whenever it starts reading', async () => {
    const buffer = new ReplayBuffer<number>();
    const early = collect(buffer.iterator());
    buffer.push(1);
    buffer.push(2);
    const late = collect(buffer.iterator());
    buffer.push(3);
    buffer.end();
    expect(await early).toEqual([1, 2, 3]);
    expect(await late).toEqual([1, 2, 3]);
    expect(await collect(buffer.iterator())).toEqual([1, 2, 3]);
  });

  it('throws the failure after the items before it', async () => {
    const buffer = new ReplayBuffer<string>();
    const iterator = buffer.iterator();
    buffer.push('a');
    buffer.fail(new Error('cut'));
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    await expect(iterator.next()).rejects.toThrow('cut');
  });

  it('tells the producer when a consumer stops early, but not after the end', async () => {
    const buffer = new ReplayBuffer<number>();
    let stops = 0;
    const iterator = buffer.iterator(() => stops++);
    buffer.push(1);
    await iterator.next();
    await iterator.return?.();
    expect(stops).toBe(1);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    buffer.end();
    await buffer.iterator(() => stops++).return?.();
    expect(stops).toBe(1);
  });
});
