import { setTimeout as sleep } from 'node:timers/promises';
import { groupIsRunning, signalGroup } from './process-group.js';

const POLL_MS = 25;
/** How long after SIGKILL we wait for the kernel to finish the group before giving up on it. */
const AFTER_KILL_MS = 1000;

/**
 * Ends a process group the polite way first: SIGTERM to every member, then SIGKILL `graceMs`
 * later if any member is still running.
 */
export class GroupKiller {
  private started = false;
  private graceTimer: NodeJS.Timeout | undefined;
  private startedAt = 0;

  constructor(
    private readonly pgid: number,
    private readonly graceMs: number,
  ) {}

  get isStarted(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.startedAt = performance.now();
    signalGroup(this.pgid, 'SIGTERM');
    this.graceTimer = setTimeout(() => {
      if (groupIsRunning(this.pgid)) signalGroup(this.pgid, 'SIGKILL');
    }, this.graceMs);
  }

  /** Resolves once no member of the group is running (SIGKILL is sent on schedule meanwhile). */
  async waitUntilGone(): Promise<void> {
    if (!this.started) return;
    const deadline = this.startedAt + this.graceMs + AFTER_KILL_MS;
    while (groupIsRunning(this.pgid) && performance.now() < deadline) await sleep(POLL_MS);
    if (groupIsRunning(this.pgid)) signalGroup(this.pgid, 'SIGKILL');
    clearTimeout(this.graceTimer);
  }
}
