import type { ExecutionEnvironment } from '@weft/agent-core';

const queues = new WeakMap<ExecutionEnvironment, Map<string, Promise<unknown>>>();

/**
 * Runs `task` once every earlier task holding the same path in the same environment has
 * finished, so two edits of one file made in parallel apply one after the other (each reads
 * what the previous one wrote) instead of the second overwriting the first. Tasks on other
 * paths run concurrently. A failing task does not block the ones queued behind it.
 */
export async function withPathLock<T>(
  env: ExecutionEnvironment,
  path: string,
  task: () => Promise<T>,
): Promise<T> {
  let perEnv = queues.get(env);
  if (!perEnv) {
    perEnv = new Map();
    queues.set(env, perEnv);
  }
  const previous = perEnv.get(path) ?? Promise.resolve();
  const run = previous.then(task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  perEnv.set(path, settled);
  try {
    return await run;
  } finally {
    // Forget the path once nothing is queued behind this task.
    if (perEnv.get(path) === settled) perEnv.delete(path);
  }
}
