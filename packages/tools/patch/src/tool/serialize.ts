const queues = new WeakMap<object, Promise<unknown>>();

/** Runs `task` after every earlier task queued on `key` has settled. */
export function serialize<T>(key: object, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  queues.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}
