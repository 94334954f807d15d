import type { ExecutionEnvironment } from '@weft/agent-core';

/**
 * Counts, from inside the environment, the processes of group `pgid` that are still running
 * (zombies excluded: they run nothing, and some containers' init never reaps them). Reads
 * /proc/<pid>/stat, whose fields after the command name are: state ppid pgrp ...
 */
export async function countRunningInGroup(env: ExecutionEnvironment, pgid: number): Promise<number> {
  const script = `cat /proc/[0-9]*/stat 2>/dev/null | awk -v g=${pgid} '{ s = $0; sub(/^.*\\) /, "", s); split(s, f, " "); if (f[3] == g && f[1] != "Z") n++ } END { print n + 0 }'`;
  const result = await env.execCommand(script, { timeoutMs: 10_000 });
  const count = Number(result.stdout.trim());
  if (result.exitCode !== 0 || !Number.isInteger(count)) {
    throw new Error(`Could not count the processes of group ${pgid}: ${result.output}`);
  }
  return count;
}

/** The first line a command printed, as a number: commands below start with `echo $$`. */
export function firstLineNumber(text: string): number {
  const value = Number(text.split('\n')[0]);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`Expected a pid on the first line, got ${JSON.stringify(text)}`);
  return value;
}
