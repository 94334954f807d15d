import type { FinishReason } from '../../types/response.js';

/**
 * Chat's `finish_reason`, unified. Some servers (older Ollama, some vLLM templates) say `stop` for
 * a turn that called tools, so the presence of tool calls decides; a refusal reads as filtered.
 */
export function chatFinishReason(
  raw: string | null | undefined,
  facts: { hasToolCalls: boolean; refused: boolean },
): FinishReason {
  const value = raw ?? undefined;
  switch (value) {
    case 'tool_calls':
    case 'function_call':
      return { reason: 'tool_calls', raw: value };
    case 'length':
      return { reason: 'length', raw: value };
    case 'content_filter':
      return { reason: 'content_filter', raw: value };
    case 'error':
      return { reason: 'error', raw: value };
  }
  if (facts.hasToolCalls) return { reason: 'tool_calls', raw: value };
  if (facts.refused) return { reason: 'content_filter', raw: value === 'stop' ? 'refusal' : value };
  if (value === 'stop' || value === 'end_turn' || value === 'eos') return { reason: 'stop', raw: value };
  return { reason: 'other', raw: value };
}
