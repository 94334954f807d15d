import {
  AbortError,
  AuthenticationError,
  ContextLengthError,
  Message,
  type Response,
  retry,
  SDKError,
} from '@weft/llm';
import type { StopReason } from '../events/session-event.js';
import type { BuiltRequest, LoopHost } from './loop-host.js';
import { type FlowMark, streamResponse } from './stream-response.js';

/** How an input ended when the loop had to stop it. */
export interface StopOutcome {
  stopReason: StopReason;
  /** The error that stopped it, as reported in the error event. */
  error?: { code: string; message: string };
  /** The session cannot go on (an authentication error): it closes. */
  fatal?: boolean;
}

export type ModelCallResult =
  | { kind: 'response'; response: Response }
  | { kind: 'stop'; outcome: StopOutcome };

/** Re-requests left for responses that came back empty or broke off mid-stream, shared by one input. */
export interface ResponseRetryBudget {
  left: number;
}

/** A failure after part of the response had reached the host: not for the retry policy, which would show it twice. */
class FlowedError extends Error {
  constructor(readonly original: unknown) {
    super('The response failed after part of it was shown.');
  }
}

/**
 * One model call with every recovery the loop applies before giving up on it:
 *
 * - transient errors (429, 5xx, network, a stream that broke) before anything reached the host
 *   are retried with @weft/llm's retry policy, each retry announced by a `retry` event;
 * - a response that broke off after text had been shown, with a retryable error, is discarded
 *   (a `warning`, code `response_discarded`) and requested again, as is a response with neither
 *   text nor tool calls (`empty_response`); both draw on the input's `maxEmptyResponseRetries`;
 * - ContextLengthError is a `warning` (`context_overflow`); with compaction enabled the history is
 *   compacted once and the call made again, else the input stops with `context_overflow`;
 * - anything else is an `error` event and stops the input; an AuthenticationError also closes
 *   the session, since no later request can succeed.
 */
export async function callModel(
  host: LoopHost,
  responseIndex: number,
  budget: ResponseRetryBudget,
  onBuilt: (built: BuiltRequest) => void = () => {},
): Promise<ModelCallResult> {
  let compactedForOverflow = false;
  for (;;) {
    const built = await host.buildRequest();
    onBuilt(built);
    const { request } = built;
    let response: Response;
    try {
      response = await retry(
        async () => {
          const mark: FlowMark = { flowed: false };
          try {
            return await streamResponse(
              host.client,
              request,
              { ...host.callOptions, signal: host.signal },
              host.emit,
              responseIndex,
              mark,
            );
          } catch (error) {
            throw mark.flowed && !host.signal.aborted ? new FlowedError(error) : error;
          }
        },
        {
          ...host.retry,
          signal: host.signal,
          shouldRetry: (error, attempt) =>
            !(error instanceof FlowedError) &&
            (host.retry.shouldRetry?.(error, attempt) ?? isTransient(error)),
          onRetry: (error, attempt, delayMs) => {
            host.retry.onRetry?.(error, attempt, delayMs);
            host.emit('retry', { attempt: attempt + 1, delayMs, error: describe(error) });
          },
        },
      );
    } catch (error) {
      if (host.signal.aborted) return stop('aborted');
      if (error instanceof FlowedError && isTransient(error.original)) {
        if (budget.left > 0) {
          budget.left--;
          host.emit('warning', {
            code: 'response_discarded',
            message: `The response broke off after part of it was shown (${describe(error.original)}); it was discarded and is being requested again.`,
          });
          host.emit('retry', {
            attempt: retryNumber(host, budget),
            delayMs: 0,
            error: describe(error.original),
          });
          continue;
        }
        return failed(host, error.original);
      }
      const cause = error instanceof FlowedError ? error.original : error;
      if (cause instanceof ContextLengthError) {
        host.emit('warning', {
          code: 'context_overflow',
          message: `The request does not fit the model's context window: ${cause.message}`,
        });
        if (host.config.compaction.enabled && !compactedForOverflow) {
          compactedForOverflow = true;
          if (await host.compact('overflow')) continue;
        }
        if (host.signal.aborted) return stop('aborted');
        return stop('context_overflow');
      }
      return failed(host, cause);
    }

    if (isEmpty(response)) {
      if (budget.left > 0) {
        budget.left--;
        host.emit('warning', {
          code: 'empty_response',
          message: 'The model answered with neither text nor tool calls; the request is being sent again.',
        });
        host.emit('retry', { attempt: retryNumber(host, budget), delayMs: 0, error: 'empty response' });
        continue;
      }
      const message = `The model answered with neither text nor tool calls ${host.config.maxEmptyResponseRetries + 1} times in a row.`;
      host.emit('error', { code: 'empty_response', message, retryable: true });
      return { kind: 'stop', outcome: { stopReason: 'error', error: { code: 'empty_response', message } } };
    }
    return { kind: 'response', response };
  }
}

/** 1 for the first re-request of an input, 2 for the second, … */
function retryNumber(host: LoopHost, budget: ResponseRetryBudget): number {
  return host.config.maxEmptyResponseRetries - budget.left;
}

/** Neither text nor tool calls: reasoning alone is not an answer. */
function isEmpty(response: Response): boolean {
  return Message.toolCalls(response.message).length === 0 && Message.text(response.message).trim() === '';
}

/** Retryable per @weft/llm's taxonomy; errors that are not @weft/llm's (our own bugs) are not. */
function isTransient(error: unknown): boolean {
  return error instanceof SDKError && error.retryable && !(error instanceof AbortError);
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function stop(stopReason: StopReason): ModelCallResult {
  return { kind: 'stop', outcome: { stopReason } };
}

function failed(host: LoopHost, error: unknown): ModelCallResult {
  const code = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const retryable = error instanceof SDKError ? error.retryable : false;
  host.emit('error', { code, message, retryable });
  const fatal = error instanceof AuthenticationError;
  return {
    kind: 'stop',
    outcome: { stopReason: 'error', error: { code, message }, ...(fatal ? { fatal } : {}) },
  };
}
