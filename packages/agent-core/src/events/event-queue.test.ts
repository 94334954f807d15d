import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.js';

describe('EventQueue', () => {
  it('delivers items pushed before reading, in order', async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.push(2);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
  });

  it('hands an item straight to a reader that is waiting', async () => {
    const queue = new EventQueue<string>();
    const pending = queue.next();
    queue.push('now');
    expect(await pending).toEqual({ value: 'now', done: false });
  });

  it('loses nothing when the reader falls far behind', async () => {
    const queue = new EventQueue<number>();
    for (let i = 0; i < 50_000; i++) queue.push(i);
    const read: number[] = [];
    for (let i = 0; i < 50_000; i++) read.push((await queue.next()).value as number);
    expect(read).toEqual(Array.from({ length: 50_000 }, (_, i) => i));
    expect(queue.size).toBe(0);
  });

  it('after end(), gives what is queued, then done; later pushes are ignored', async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.end();
    queue.push(2);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect((await queue.next()).done).toBe(true);
  });

  it('ends a waiting reader when the queue ends', async () => {
    const queue = new EventQueue<number>();
    const pending = queue.next();
    queue.end();
    expect((await pending).done).toBe(true);
  });

  it('calls its return hook and drops the rest when a for-await loop breaks', async () => {
    let returned = 0;
    const queue = new EventQueue<number>(() => returned++);
    queue.push(1);
    queue.push(2);
    for await (const value of queue) {
      expect(value).toBe(1);
      break;
    }
    expect(returned).toBe(1);
    expect((await queue.next()).done).toBe(true);
  });
});
