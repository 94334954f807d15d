import { type ExecutionEnvironment, isEnvironmentError } from '@weft/agent-core';
import { SearchError } from '../search-error.js';
import { RecordSplitter } from './record-splitter.js';

/** What a record handler tells the runner after each record. */
export type RecordVerdict = 'continue' | 'stop';

export interface RunRipgrepOptions {
  /** The ripgrep binary, as a path in the environment. */
  rgPath: string;
  args: readonly string[];
  /** Where ripgrep runs; its globs are matched relative to this folder. */
  cwd: string;
  timeoutMs: number;
  /** The caller's abort signal: aborting kills ripgrep and throws SearchError('ABORTED'). */
  signal?: AbortSignal;
  /** '\n' for `--json` lines, '\0' for `--null` path lists. */
  separator: '\n' | '\0';
  /** Receives each record of stdout as it arrives; 'stop' kills ripgrep at once. */
  onRecord: (record: string) => RecordVerdict;
}

export interface RipgrepRun {
  /** ripgrep's exit status: 0 found something, 1 found nothing, 2 had an error; null when killed. */
  exitCode: number | null;
  stderr: string;
  timedOut: boolean;
  /** True when a record handler stopped ripgrep before it finished. */
  stoppedEarly: boolean;
  durationMs: number;
}

/**
 * Runs ripgrep through the environment and feeds its stdout to `onRecord` record by record while
 * it runs, so a search can stop ripgrep the moment it has enough instead of reading everything.
 * The records never pass through the environment's output window, so none are lost to it.
 */
export async function runRipgrep(env: ExecutionEnvironment, options: RunRipgrepOptions): Promise<RipgrepRun> {
  const stopper = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopper.signal]) : stopper.signal;
  const splitter = new RecordSplitter(options.separator);
  let stopped = false;
  let sawStdout = false;

  const feed = (records: string[]) => {
    for (const record of records) {
      if (stopped) return;
      if (options.onRecord(record) === 'stop') {
        stopped = true;
        stopper.abort();
      }
    }
  };

  let result: Awaited<ReturnType<ExecutionEnvironment['execFile']>>;
  try {
    result = await env.execFile(options.rgPath, options.args, {
      cwd: options.cwd,
      timeoutMs: options.timeoutMs,
      signal,
      onOutput: (chunk) => {
        if (chunk.stream !== 'stdout' || stopped) return;
        sawStdout = true;
        feed(splitter.push(chunk.text));
      },
    });
  } catch (error) {
    if (options.signal?.aborted) throw abortedError();
    if (isEnvironmentError(error, 'SPAWN_FAILED', 'NOT_FOUND', 'PERMISSION_DENIED', 'UNAVAILABLE')) {
      throw new SearchError(
        'RIPGREP_UNAVAILABLE',
        `Could not start ripgrep at ${options.rgPath}: ${error.message}. Install ripgrep in the environment or pass its location as the rgPath option.`,
        { cause: error },
      );
    }
    throw error;
  }
  if (options.signal?.aborted) throw abortedError();

  // An environment that does not stream output still hands over stdout at the end.
  if (!sawStdout && result.stdout.length > 0 && !stopped) feed(splitter.push(result.stdout));
  if (!stopped) feed(splitter.flush());

  return {
    exitCode: result.exitCode,
    stderr: result.stderr,
    timedOut: result.timedOut,
    stoppedEarly: stopped,
    durationMs: result.durationMs,
  };
}

function abortedError(): SearchError {
  return new SearchError('ABORTED', 'The search was aborted before it finished.');
}
