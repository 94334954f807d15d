/**
 * Per-test and per-hook time limits shared by every package's vitest config.
 *
 * Our tests drive real processes, sockets and files, and CI runs the whole suite on two cores that
 * are busy with other work, where a case can take ten times its usual time (a stream test that
 * takes half a second here once ran past 5 s there, and with three CPU-bound processes beside the
 * suite the slowest ordinary case took 15 s). The limits only exist to end a test that hangs;
 * speed is measured by the benchmarks. So they are generous.
 */
export const testTimeLimits = Object.freeze({ testTimeout: 60_000, hookTimeout: 60_000 });
