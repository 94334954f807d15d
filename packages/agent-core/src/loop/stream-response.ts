import { type CallOptions, type Client, type Request, type Response, StreamError } from '@weft/llm';
import type { EmitEvent } from '../tools/pipeline/tool-pipeline-context.js';

/** Set once an event of this response has reached the host: from then on a retry would show it twice. */
export interface FlowMark {
  flowed: boolean;
}

/**
 * Streams one model call and relays it to the host as it arrives: text blocks as
 * assistant_text_start / delta, reasoning as assistant_reasoning_start / delta / end. Tool-call
 * argument deltas are not relayed (hosts see each call whole when it runs). Resolves with the
 * response the `finish` event carries; a stream that ends without one is a StreamError.
 */
export async function streamResponse(
  client: Client,
  request: Request,
  options: CallOptions,
  emit: EmitEvent,
  responseIndex: number,
  mark: FlowMark,
): Promise<Response> {
  let response: Response | undefined;
  const reasoning = new Map<string, string>();
  for await (const event of client.stream(request, options)) {
    switch (event.type) {
      case 'text_start':
        mark.flowed = true;
        emit('assistant_text_start', { responseIndex });
        break;
      case 'text_delta':
        mark.flowed = true;
        emit('assistant_text_delta', { delta: event.delta });
        break;
      case 'reasoning_start':
        mark.flowed = true;
        reasoning.set(event.reasoningId, '');
        emit('assistant_reasoning_start', {});
        break;
      case 'reasoning_delta':
        mark.flowed = true;
        reasoning.set(event.reasoningId, (reasoning.get(event.reasoningId) ?? '') + event.delta);
        emit('assistant_reasoning_delta', { delta: event.delta });
        break;
      case 'reasoning_end':
        mark.flowed = true;
        emit('assistant_reasoning_end', { text: reasoning.get(event.reasoningId) ?? '' });
        break;
      case 'finish':
        response = event.response;
        break;
      case 'error':
        throw event.error;
      default:
        break;
    }
  }
  if (response === undefined) throw new StreamError('The model stream ended without its finish event.');
  return response;
}
