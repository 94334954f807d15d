import { AbortError, SDKError, StreamError } from '../errors/sdk-error.js';
import { retryDecision } from '../retry/retry-decision.js';
import { resolveRetryPolicy } from '../retry/retry-policy.js';
import { abortReason, sleep as realSleep } from '../retry/sleep.js';
import type { StreamAccumulator } from '../stream/stream-accumulator.js';
import type { Request } from '../types/request.js';
import type { StreamEvent } from '../types/stream-event.js';
import { callSignal } from './call-signal.js';
import { clientOf, type GenerateOptions, retryOptionsOf } from './generate-options.js';

/** A failure after events had reached the consumer: reported as an `error` event, never retried. */
export class FailedAfterData extends Error {
  readonly error: SDKError;
  constructor(error: unknown) {
    const typed =
      error instanceof SDKError
        ? error
        : new StreamError(error instanceof Error ? error.message : String(error), { cause: error });
    super(typed.message);
    this.error = typed;
  }
}

/**
 * Streams one step into `accumulator` and out through `emit`. The request is retried per the
 * policy only while nothing of this step has been delivered: `stream_start` is held back until
 * the next event, so a connection that opens and breaks at once is still retried. After that a
 * failure is wrapped in FailedAfterData. An abort always ends the run as AbortError. (A plain
 * async function that pushes, not a generator: a generator would add promise hops per event.)
 */
export async function streamStep(
  options: GenerateOptions,
  request: Request,
  runSignal: AbortSignal,
  accumulator: StreamAccumulator,
  emit: (event: StreamEvent) => void,
): Promise<void> {
  const client = clientOf(options);
  const { sleep = realSleep, random = Math.random, ...policyOverrides } = retryOptionsOf(options, runSignal);
  const policy = resolveRetryPolicy(policyOverrides);
  for (let attempt = 0; ; attempt++) {
    const step = callSignal([runSignal], options.timeout?.perStepMs, 'The step');
    let delivered = false;
    let held: StreamEvent | undefined;
    try {
      for await (const event of client.stream(request, { ...options.callOptions, signal: step.signal })) {
        if (!delivered) {
          if (event.type === 'stream_start') {
            held = event;
            continue;
          }
          delivered = true;
          if (held) {
            accumulator.process(held);
            emit(held);
          }
        }
        accumulator.process(event);
        emit(event);
      }
      if (!accumulator.finished) throw new StreamError('The stream ended without its finish event.');
      return;
    } catch (error) {
      const failure = step.signal.aborted ? abortReason(step.signal) : (error as Error);
      if (failure instanceof AbortError || failure instanceof FailedAfterData) throw failure;
      if (delivered) throw new FailedAfterData(failure);
      const decision = retryDecision(failure, attempt, policy, random);
      if (!decision.retry) throw failure;
      policy.onRetry?.(failure, attempt, decision.delayMs);
      await sleep(decision.delayMs, runSignal);
    } finally {
      step.dispose();
    }
  }
}
