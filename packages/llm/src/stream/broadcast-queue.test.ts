import { describe, expect, it } from 'vitest';
import { BroadcastQueue } from './broadcast-queue.js';

async function collect<T>(iterator: AsyncIterator<T>): Promise<T[]> {
  const items: T[] = [];
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) items.push(next.value);
  return items;
}

describe('BroadcastQueue', () => {
  it('gives consumers that start together the whole sequence', async () => {
    const queue = new BroadcastQueue<number>();
    const first = collect(queue.iterator());
    const second = collect(queue.iterator());
    queue.push(1);
    queue.push(2);
    queue.push(3);
    queue.end();
    expect(await first).toEqual([1, 2, 3]);
    expect(await second).toEqual([1, 2, 3]);
  });

  it('gives a consumer that starts late the items from then on', async () => {
    const queue = new BroadcastQueue<number>();
    const early = queue.iterator();
    queue.push(1);
    const late = collect(queue.iterator());
    queue.push(2);
    queue.end();
    expect(await collect(early)).toEqual([1, 2]);
    expect(await late).toEqual([2]);
  });

  it('keeps nothing when nobody reads, and only what a slow consumer has not read yet', async () => {
    const queue = new BroadcastQueue<number>();
    queue.push(0);
    const slow = queue.iterator();
    const fast = queue.iterator();
    for (let i = 1; i <= 3000; i++) queue.push(i);
    for (let i = 0; i < 3000; i++) await fast.next();
    expect((queue as unknown as { items: number[] }).items).toHaveLength(3000);
    for (let i = 0; i < 2000; i++) await slow.next();
    // Read items are dropped in batches of 1024 (not one by one, which would copy the array each time).
    expect((queue as unknown as { items: number[] }).items.length).toBeLessThanOrEqual(3000 - 1024);
    queue.end();
    expect(await collect(slow)).toEqual(Array.from({ length: 1000 }, (_, i) => 2001 + i));
  });

  it('throws the failure after the items before it', async () => {
    const queue = new BroadcastQueue<string>();
    const iterator = queue.iterator();
    queue.push('a');
    queue.fail(new Error('cut'));
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    await expect(iterator.next()).rejects.toThrow('cut');
  });

  it('tells the producer when a consumer stops early, but not after the end', async () => {
    const queue = new BroadcastQueue<number>();
    let stops = 0;
    const iterator = queue.iterator(() => stops++);
    queue.push(1);
    await iterator.next();
    await iterator.return?.();
    expect(stops).toBe(1);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    queue.end();
    await queue.iterator(() => stops++).return?.();
    expect(stops).toBe(1);
  });
});
