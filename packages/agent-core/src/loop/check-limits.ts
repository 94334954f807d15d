import type { LoopHost } from './loop-host.js';
import type { StopOutcome } from './model-call.js';

/**
 * The loop spec's two limits, checked before every model call (0 = unlimited): tool rounds for
 * this input, and model calls in the whole session. Reaching either emits `turn_limit` and stops
 * the input.
 */
export function checkLimits(host: LoopHost, rounds: number): StopOutcome | undefined {
  const { maxToolRoundsPerInput, maxTurns } = host.config;
  if (maxToolRoundsPerInput > 0 && rounds >= maxToolRoundsPerInput) {
    host.emit('turn_limit', { limit: 'max_tool_rounds_per_input', value: maxToolRoundsPerInput });
    return { stopReason: 'max_tool_rounds' };
  }
  if (maxTurns > 0 && host.modelCalls() >= maxTurns) {
    host.emit('turn_limit', { limit: 'max_turns', value: maxTurns });
    return { stopReason: 'max_turns' };
  }
  return undefined;
}
