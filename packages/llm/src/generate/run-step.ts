import type { CallOptions } from '../adapters/provider-adapter.js';
import { retry } from '../retry/retry.js';
import { abortReason } from '../retry/sleep.js';
import type { Request } from '../types/request.js';
import type { Response } from '../types/response.js';
import { callSignal } from './call-signal.js';
import { clientOf, type GenerateOptions, retryOptionsOf } from './generate-options.js';

/**
 * One step of generate: a complete() call, retried per the policy (earlier steps are never re-run),
 * each attempt under the per-step timeout. An abort or timeout surfaces as AbortError or
 * RequestTimeoutError whatever the adapter made of it.
 */
export async function runStep(
  options: GenerateOptions,
  request: Request,
  runSignal: AbortSignal,
): Promise<Response> {
  const client = clientOf(options);
  return retry(
    async () => {
      const attempt = callSignal([runSignal], options.timeout?.perStepMs, 'The step');
      try {
        const callOptions: CallOptions = { ...options.callOptions, signal: attempt.signal };
        return await client.complete(request, callOptions);
      } catch (error) {
        if (attempt.signal.aborted) throw abortReason(attempt.signal);
        throw error;
      } finally {
        attempt.dispose();
      }
    },
    retryOptionsOf(options, runSignal),
  );
}
