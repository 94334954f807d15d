import { signalGroup } from './process-group.js';

/**
 * Process groups started by any environment in this Node process and not yet known to be gone.
 * If Node exits while some are running (a crash, process.exit), they are SIGKILLed on the way
 * out, so a dying host does not leave orphaned commands behind.
 */
const live = new Set<number>();
let hooked = false;

export function trackGroup(pgid: number): void {
  live.add(pgid);
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const group of live) signalGroup(group, 'SIGKILL');
    });
  }
}

export function untrackGroup(pgid: number): void {
  live.delete(pgid);
}
