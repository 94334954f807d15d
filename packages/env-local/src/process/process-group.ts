import { readdirSync, readFileSync } from 'node:fs';

/** Sends `signal` to every process in group `pgid`; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while a process of group `pgid` is still running. A member that has exited but not been
 * reaped (a zombie: possible when the machine's init does not reap orphans) does not count, since
 * it runs nothing and cannot be signalled away.
 */
export function groupIsRunning(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  return runningMembers(pgid)?.length !== 0;
}

/**
 * The pids of group `pgid` that are not zombies, read from /proc; undefined where there is no
 * /proc (macOS), in which case the caller trusts `kill(-pgid, 0)`.
 */
export function runningMembers(pgid: number): number[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const members: number[] = [];
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue; // exited while we looked
    }
    // Fields after the parenthesised command name: state ppid pgrp ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(name));
  }
  return members;
}
