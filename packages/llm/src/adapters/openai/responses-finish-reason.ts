import type { Response as OpenAIResponse } from 'openai/resources/responses/responses';
import type { FinishReason } from '../../types/response.js';

/**
 * Responses reports `status`, not a finish reason. A completed response that called a function
 * or a custom tool ended for tool calls; one whose message is a refusal was filtered; an incomplete one says why in
 * `incomplete_details.reason` (`max_output_tokens` → length, `content_filter`). `raw` is the
 * provider's own value: the incomplete reason when there is one, else the status.
 */
export function responsesFinishReason(
  response: Pick<OpenAIResponse, 'status' | 'incomplete_details' | 'output'>,
): FinishReason {
  const status = response.status ?? 'completed';
  if (status === 'incomplete') {
    const reason = response.incomplete_details?.reason;
    if (reason === 'max_output_tokens') return { reason: 'length', raw: reason };
    if (reason === 'content_filter') return { reason: 'content_filter', raw: reason };
    return { reason: 'other', raw: reason ?? status };
  }
  if (status === 'completed') {
    if (response.output.some((item) => item.type === 'function_call' || item.type === 'custom_tool_call'))
      return { reason: 'tool_calls', raw: status };
    const refused = response.output.some(
      (item) => item.type === 'message' && item.content.some((part) => part.type === 'refusal'),
    );
    if (refused) return { reason: 'content_filter', raw: 'refusal' };
    return { reason: 'stop', raw: status };
  }
  if (status === 'failed') return { reason: 'error', raw: status };
  return { reason: 'other', raw: status };
}
