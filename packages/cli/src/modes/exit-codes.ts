import type { StopReason } from '@weft/agent-core';

/** The exit codes of every mode; the README's table lists them. */
export const EXIT = {
  /** The run finished (the answer is printed). */
  ok: 0,
  /** The run failed: a model or tool error, a lost connection, a broken session file. */
  error: 1,
  /** The command line or the configuration is wrong (a bad flag or setting, no API key, an unknown session). */
  usage: 2,
  /** A budget stopped the run: --max-turns or --max-cost-usd. */
  budget: 3,
  /** Interrupted by Ctrl-C (SIGINT). */
  interrupted: 130,
  /** Stopped by SIGTERM. */
  terminated: 143,
} as const;

/** The stop reasons a run reports: the session's, where `budget` also covers the cost budget. */
export type RunStopReason = StopReason;

/** The exit code for how a run stopped. */
export function exitCodeFor(stopReason: RunStopReason, signal?: 'SIGINT' | 'SIGTERM'): number {
  if (signal) return signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
  switch (stopReason) {
    case 'completed':
    case 'awaiting_input':
      return EXIT.ok;
    case 'max_turns':
    case 'budget':
      return EXIT.budget;
    default:
      return EXIT.error;
  }
}
