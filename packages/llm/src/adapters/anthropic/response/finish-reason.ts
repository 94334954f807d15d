import type { FinishReason, FinishReasonKind } from '../../../types/response.js';

/**
 * `stop_reason` → unified reason. Beyond the spec's table: `refusal` is content_filter;
 * `model_context_window_exceeded` is length (the answer was cut because the context filled up,
 * which a caller treats like hitting max_tokens); `pause_turn` is other (a server-tool loop
 * paused and the conversation must be sent again to continue: neither finished nor failed).
 */
const REASONS: Record<string, FinishReasonKind> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
  pause_turn: 'other',
};

export function finishReason(stopReason: string | null | undefined): FinishReason {
  const raw = stopReason ?? undefined;
  return { reason: (raw !== undefined ? REASONS[raw] : undefined) ?? 'other', raw };
}
