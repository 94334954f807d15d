export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * Calls `onStop` on the first SIGINT or SIGTERM so the run can wind down (abort, save, report);
 * a second one exits at once. Returns the function that removes the handlers, and the signal seen.
 */
export function onStopSignal(onStop: (signal: StopSignal) => void): {
  dispose(): void;
  readonly signal: StopSignal | undefined;
} {
  let seen: StopSignal | undefined;
  const handler = (signal: StopSignal) => {
    if (seen) process.exit(signal === 'SIGINT' ? 130 : 143);
    seen = signal;
    onStop(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
    get signal() {
      return seen;
    },
  };
}
