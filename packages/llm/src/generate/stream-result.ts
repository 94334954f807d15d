import { BroadcastQueue } from '../stream/broadcast-queue.js';
import type { StreamAccumulator } from '../stream/stream-accumulator.js';
import type { Response } from '../types/response.js';
import type { GenerateStreamEvent } from './generate-stream-event.js';
import type { GenerateResult, StepResult } from './step-result.js';
import { FailedAfterData } from './stream-step.js';

/** What the producer of a StreamResult reports back to it. */
export interface StreamRunState {
  accumulator: StreamAccumulator | undefined;
  steps: StepResult[];
}

/** Runs the stream, handing each event to `emit` as it comes; resolves with the run's result. */
type Producer = (
  emit: (event: GenerateStreamEvent) => void,
  state: StreamRunState,
  cancel: AbortSignal,
) => Promise<GenerateResult>;

/**
 * The result of `stream()`: iterate it for events, read `textStream` for text deltas alone, and
 * await `result()` / `response()` for the outcome (also after iterating). The request goes out
 * when the first consumer starts or `result()` is first called. Several consumers may read at
 * once; each sees the events from when it started, so consumers started together (before the
 * first await) all see the whole stream. Events are not kept once read: the run's outcome is in
 * `result()`. When every consumer stops early and nobody awaits the result, the stream is
 * cancelled (its connection closed).
 */
export class StreamResult implements AsyncIterable<GenerateStreamEvent> {
  private readonly buffer = new BroadcastQueue<GenerateStreamEvent>();
  private readonly state: StreamRunState = { accumulator: undefined, steps: [] };
  private readonly cancel = new AbortController();
  private readonly producer: Producer;
  private started = false;
  private consumers = 0;
  private awaited = false;
  private settle!: { resolve: (result: GenerateResult) => void; reject: (error: unknown) => void };
  private readonly outcome: Promise<GenerateResult>;

  constructor(producer: Producer) {
    this.producer = producer;
    this.outcome = new Promise<GenerateResult>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // The outcome is also reported through the events; an unread rejection is not an unhandled one.
    this.outcome.catch(() => undefined);
  }

  [Symbol.asyncIterator](): AsyncIterator<GenerateStreamEvent> {
    this.start();
    this.consumers++;
    return this.buffer.iterator(() => this.leave());
  }

  /** The text deltas alone, in order. */
  get textStream(): AsyncIterable<string> {
    const events = this;
    return {
      async *[Symbol.asyncIterator]() {
        for await (const event of events) if (event.type === 'text_delta') yield event.delta;
      },
    };
  }

  /** The whole run's result: every step, summed usage, the final response. Rejects as the run failed. */
  result(): Promise<GenerateResult> {
    this.awaited = true;
    this.start();
    return this.outcome;
  }

  /** The final step's response. */
  async response(): Promise<Response> {
    return (await this.result()).response;
  }

  /** The current step's response as its events have built it so far (also after a failure). */
  get partialResponse(): Response | undefined {
    return this.state.accumulator?.partialResponse();
  }

  /** The steps finished so far. */
  get steps(): readonly StepResult[] {
    return this.state.steps;
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      const result = await this.producer((event) => this.buffer.push(event), this.state, this.cancel.signal);
      this.buffer.end();
      this.settle.resolve(result);
    } catch (error) {
      const { event, thrown } = classify(error);
      if (event) {
        this.buffer.push(event);
        this.buffer.end();
      } else {
        this.buffer.fail(thrown);
      }
      this.settle.reject(thrown);
    }
  }

  private leave(): void {
    this.consumers--;
    if (this.consumers === 0 && !this.awaited) this.cancel.abort();
  }
}

/** Errors after data become an `error` event (iteration then ends); the others are thrown to consumers. */
function classify(error: unknown): { event?: GenerateStreamEvent; thrown: unknown } {
  if (error instanceof FailedAfterData)
    return { event: { type: 'error', error: error.error }, thrown: error.error };
  return { thrown: error };
}
