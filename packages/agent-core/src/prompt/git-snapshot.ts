import type { ExecutionEnvironment } from '../environment/execution-environment.js';

/**
 * The state of the working directory's git repository when the session started: enough for the
 * model's first orientation (the spec's §6.4). The model runs `git status` itself for anything
 * current, so this is a snapshot, never refreshed.
 */
export interface GitSnapshot {
  /** The repository's top folder, as a path in the environment. */
  root: string;
  /**
   * The working directory relative to `root`, '/'-separated, '' at the root. From git itself, so
   * it holds even when the environment's working directory is spelled through a symlink.
   */
  prefix: string;
  /** The checked-out branch; undefined when HEAD is detached. */
  branch: string | undefined;
  detached: boolean;
  /** HEAD's abbreviated commit hash; undefined before the first commit. */
  head: string | undefined;
  /** Tracked files with staged or unstaged changes (including unmerged ones). */
  modifiedFiles: number;
  /** Untracked entries as `git status` shows them: an untracked folder counts once. */
  untrackedFiles: number;
  /** The most recent commits on HEAD, newest first. */
  recentCommits: GitCommit[];
}

export interface GitCommit {
  /** Abbreviated hash. */
  hash: string;
  subject: string;
}

export interface GitSnapshotOptions {
  /** Milliseconds before git is stopped and the snapshot given up. Default 5 000. */
  timeoutMs?: number;
  /** Commits listed. Default 10 (the spec asks for the last 5–10). */
  maxCommits?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_COMMITS = 10;
/** Exit status of the script when the folder is not in a repository (or git is missing). */
const NOT_A_REPO = 90;
const SEPARATOR = '\u0000';

/** Snapshots started by prefetchGitSnapshot and not yet used, per environment. */
interface Prefetched {
  options: Omit<GitSnapshotOptions, 'signal'>;
  snapshot: Promise<GitSnapshot | undefined>;
}

const prefetched = new WeakMap<ExecutionEnvironment, Prefetched>();

/**
 * Takes a {@link GitSnapshot} of the environment's working directory, or returns undefined when
 * it is not inside a git repository, git is missing, or git did not answer in time. Never throws.
 *
 * One `execCommand` (one round trip in Docker or over SSH) runs three short git commands:
 * `rev-parse` for the root and prefix, `status --porcelain=v2 --branch` for the branch and the
 * counts, `log` for the subjects. Optional locks are off (`GIT_OPTIONAL_LOCKS=0`) so the status
 * never takes `index.lock` away from a git command the user or the model runs at the same time.
 * Assumes a POSIX shell, as every environment Weft ships does. When the snapshot was started
 * earlier with {@link prefetchGitSnapshot}, that one is returned (once) instead.
 */
export async function takeGitSnapshot(
  env: ExecutionEnvironment,
  options: GitSnapshotOptions = {},
): Promise<GitSnapshot | undefined> {
  const early = prefetched.get(env);
  if (early && sameShape(early.options, options)) {
    prefetched.delete(env);
    return options.signal ? untilAborted(early.snapshot, options.signal) : early.snapshot;
  }
  return snapshotNow(env, options);
}

/**
 * Starts taking `env`'s snapshot now, for the next {@link takeGitSnapshot} of the same
 * environment (with the same `timeoutMs` and `maxCommits`) to return instead of running git
 * again. A host calls it as soon as the environment exists, so that git runs while the host is
 * still loading the rest of its code; a session then starts without waiting for git. Used once:
 * later snapshots run git anew. Never throws.
 */
export function prefetchGitSnapshot(
  env: ExecutionEnvironment,
  options: Omit<GitSnapshotOptions, 'signal'> = {},
): void {
  const snapshot = snapshotNow(env, options);
  prefetched.set(env, { options, snapshot });
}

function sameShape(a: GitSnapshotOptions, b: GitSnapshotOptions): boolean {
  return a.timeoutMs === b.timeoutMs && a.maxCommits === b.maxCommits;
}

/** The snapshot, or undefined as soon as `signal` fires (as an aborted git run gives). */
function untilAborted(
  snapshot: Promise<GitSnapshot | undefined>,
  signal: AbortSignal,
): Promise<GitSnapshot | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    void snapshot.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

async function snapshotNow(
  env: ExecutionEnvironment,
  options: GitSnapshotOptions,
): Promise<GitSnapshot | undefined> {
  const maxCommits = Math.max(0, Math.floor(options.maxCommits ?? DEFAULT_MAX_COMMITS));
  const script = [
    `git rev-parse --show-toplevel --show-prefix 2>/dev/null || exit ${NOT_A_REPO}`,
    `printf '\\0'`,
    'git status --porcelain=v2 --branch --untracked-files=normal 2>/dev/null',
    `printf '\\0'`,
    // Fails before the first commit; the empty list is the right answer then.
    `git log -n ${maxCommits} --format='%h %s' 2>/dev/null`,
    'exit 0',
  ].join('\n');
  try {
    const result = await env.execCommand(script, {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      env: { GIT_OPTIONAL_LOCKS: '0' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (result.exitCode !== 0 || result.timedOut || result.aborted) return undefined;
    return parseSnapshot(result.stdout, maxCommits);
  } catch {
    // The command could not even start (no shell, working directory gone): no snapshot.
    return undefined;
  }
}

/** Parses the script's output; undefined when it is not the three sections expected. */
function parseSnapshot(stdout: string, maxCommits: number): GitSnapshot | undefined {
  const sections = stdout.split(SEPARATOR);
  if (sections.length !== 3) return undefined;
  const [revParse = '', status = '', log = ''] = sections;
  const [root, prefix = ''] = revParse.split('\n');
  if (!root) return undefined;
  const snapshot: GitSnapshot = {
    root,
    prefix: prefix.replace(/\/$/, ''),
    branch: undefined,
    detached: false,
    head: undefined,
    modifiedFiles: 0,
    untrackedFiles: 0,
    recentCommits: parseLog(log).slice(0, maxCommits),
  };
  for (const line of status.split('\n')) {
    if (line.startsWith('# branch.head ')) {
      const head = line.slice('# branch.head '.length);
      if (head === '(detached)') snapshot.detached = true;
      else snapshot.branch = head;
    } else if (line.startsWith('# branch.oid ')) {
      const oid = line.slice('# branch.oid '.length);
      if (oid !== '(initial)') snapshot.head = snapshot.recentCommits[0]?.hash ?? oid.slice(0, 7);
    } else if (line.startsWith('1 ') || line.startsWith('2 ') || line.startsWith('u ')) {
      // Ordinary, renamed/copied and unmerged entries: one line per path (quoted, never split).
      snapshot.modifiedFiles++;
    } else if (line.startsWith('? ')) {
      snapshot.untrackedFiles++;
    }
  }
  return snapshot;
}

function parseLog(log: string): GitCommit[] {
  return log
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const space = line.indexOf(' ');
      return space === -1
        ? { hash: line, subject: '' }
        : { hash: line.slice(0, space), subject: line.slice(space + 1) };
    });
}
