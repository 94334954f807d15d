import type { ResponseOutputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import type { ToolCallData } from '../../types/content.js';
import type { Response } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { classifyOpenAIFailure } from './openai-error-mapping.js';
import {
  customToolCallFromItem,
  failedResponseError,
  fromResponsesResponse,
  type ResponseContext,
  thinkingFromItem,
  toolCallFromItem,
} from './responses-response.js';

/** Events that only restate what other events already said; nothing to translate. */
const STRUCTURAL_EVENTS = new Set<string>([
  'response.in_progress',
  'response.queued',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.done',
  'response.refusal.done',
  'response.function_call_arguments.done',
  'response.custom_tool_call_input.done',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.done',
  'response.reasoning_text.done',
]);

interface ReasoningState {
  started: boolean;
  /** Whether any summary part arrived (raw reasoning text is shown only when none does). */
  summarized: boolean;
  text: string;
}

interface CallState {
  callId: string;
  arguments: string;
}

/**
 * Turns Responses stream events into unified StreamEvents. Text and reasoning segments open on
 * their first delta and close at `response.output_item.done`; a function call opens at
 * `response.output_item.added` (which carries the name and call_id before any argument) and
 * closes with the finished item; a custom tool's call does the same, its input deltas standing for
 * the argument deltas. The terminal `response.completed` / `response.incomplete`
 * becomes `finish`, carrying exactly what complete() returns for the same response;
 * `response.failed` and `error` events throw the typed error they stand for.
 */
export class ResponsesStreamDecoder {
  private started = false;
  private finished: Response | undefined;
  private readonly texts = new Map<string, { itemId: string; text: string }>();
  private readonly reasoning = new Map<string, ReasoningState>();
  private readonly calls = new Map<string, CallState>();

  constructor(private readonly context: ResponseContext) {}

  /** The final response, once the terminal event has arrived. */
  get response(): Response | undefined {
    return this.finished;
  }

  push(event: ResponseStreamEvent): StreamEvent[] {
    if (this.finished) return [];
    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      const response = event.type === 'response.created' ? event.response : undefined;
      out.push({
        type: 'stream_start',
        provider: this.context.provider,
        model: response?.model ?? this.context.requestModel,
        ...(response ? { id: response.id } : {}),
      });
      if (response) return out;
    }
    switch (event.type) {
      case 'response.created':
        break;
      case 'response.output_item.added':
        this.itemAdded(event.item, out);
        break;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        this.textDelta(event.item_id, event.content_index, event.delta, out);
        break;
      case 'response.reasoning_summary_part.added':
        this.summaryPartAdded(event.item_id, event.summary_index, out);
        break;
      case 'response.reasoning_summary_text.delta':
        this.reasoningDelta(event.item_id, event.delta, out);
        break;
      case 'response.reasoning_text.delta':
        if (!this.reasoningState(event.item_id).summarized)
          this.reasoningDelta(event.item_id, event.delta, out);
        break;
      case 'response.function_call_arguments.delta':
      case 'response.custom_tool_call_input.delta': {
        const call = this.calls.get(event.item_id);
        if (call) {
          call.arguments += event.delta;
          out.push({ type: 'tool_call_delta', toolCallId: call.callId, argumentsDelta: event.delta });
        }
        break;
      }
      case 'response.output_item.done':
        if (!this.itemDone(event.item, out)) {
          out.push({ type: 'provider_event', provider: this.context.provider, raw: event });
        }
        break;
      case 'response.completed':
      case 'response.incomplete': {
        const response = fromResponsesResponse(event.response, this.context);
        this.finished = response;
        out.push({ type: 'finish', finishReason: response.finishReason, usage: response.usage, response });
        break;
      }
      case 'response.failed':
        throw failedResponseError(event.response, this.context.provider);
      case 'error':
        throw classifyOpenAIFailure(
          event,
          { provider: this.context.provider },
          'The stream reported an error.',
        );
      default:
        if (!STRUCTURAL_EVENTS.has(event.type)) {
          out.push({ type: 'provider_event', provider: this.context.provider, raw: event });
        }
    }
    return out;
  }

  private itemAdded(item: ResponseOutputItem, out: StreamEvent[]): void {
    if (item.type === 'function_call' || item.type === 'custom_tool_call') {
      this.openCall(item.id ?? item.call_id, item.call_id, item.name, out);
    } else if (item.type === 'reasoning') {
      this.reasoningState(item.id);
    }
  }

  private openCall(itemId: string, callId: string, name: string, out: StreamEvent[]): CallState {
    const call: CallState = { callId, arguments: '' };
    this.calls.set(itemId, call);
    out.push({ type: 'tool_call_start', toolCallId: callId, toolName: name });
    return call;
  }

  private textId(itemId: string, contentIndex: number): string {
    return contentIndex === 0 ? itemId : `${itemId}:${contentIndex}`;
  }

  private textDelta(itemId: string, contentIndex: number, delta: string, out: StreamEvent[]): void {
    const textId = this.textId(itemId, contentIndex);
    let state = this.texts.get(textId);
    if (!state) {
      state = { itemId, text: '' };
      this.texts.set(textId, state);
      out.push({ type: 'text_start', textId });
    }
    state.text += delta;
    out.push({ type: 'text_delta', textId, delta });
  }

  private reasoningState(itemId: string): ReasoningState {
    let state = this.reasoning.get(itemId);
    if (!state) {
      state = { started: false, summarized: false, text: '' };
      this.reasoning.set(itemId, state);
    }
    return state;
  }

  private reasoningDelta(itemId: string, delta: string, out: StreamEvent[]): void {
    const state = this.reasoningState(itemId);
    if (!state.started) {
      state.started = true;
      out.push({ type: 'reasoning_start', reasoningId: itemId });
    }
    if (delta === '') return;
    state.text += delta;
    out.push({ type: 'reasoning_delta', reasoningId: itemId, delta });
  }

  /** Summary parts read as one text separated by blank lines, as the final thinking part has it. */
  private summaryPartAdded(itemId: string, summaryIndex: number, out: StreamEvent[]): void {
    const state = this.reasoningState(itemId);
    state.summarized = true;
    if (summaryIndex > 0) this.reasoningDelta(itemId, '\n\n', out);
  }

  /**
   * Ends a call: whatever of its final text (function arguments or custom input) the deltas did
   * not bring arrives as one last delta, so the deltas always add up to the call's text.
   */
  private callDone(itemId: string, text: string, toolCall: ToolCallData, out: StreamEvent[]): void {
    const call = this.calls.get(itemId) ?? this.openCall(itemId, toolCall.id, toolCall.name, out);
    if (text.startsWith(call.arguments) && text.length > call.arguments.length) {
      const rest = text.slice(call.arguments.length);
      call.arguments = text;
      out.push({ type: 'tool_call_delta', toolCallId: call.callId, argumentsDelta: rest });
    }
    out.push({ type: 'tool_call_end', toolCall });
  }

  /** Closes what the item opened; false for items with no unified form (hosted tools). */
  private itemDone(item: ResponseOutputItem, out: StreamEvent[]): boolean {
    switch (item.type) {
      case 'message':
        item.content.forEach((part, index) => {
          const text = part.type === 'output_text' ? part.text : part.refusal;
          const textId = this.textId(item.id, index);
          const state = this.texts.get(textId);
          // Text that arrived whole (no deltas) still follows start / delta / end.
          if (!state && text !== '') this.textDelta(item.id, index, text, out);
          if (this.texts.has(textId)) out.push({ type: 'text_end', textId });
        });
        return true;
      case 'function_call':
        this.callDone(item.id ?? item.call_id, item.arguments, toolCallFromItem(item), out);
        return true;
      case 'custom_tool_call':
        this.callDone(item.id ?? item.call_id, item.input, customToolCallFromItem(item), out);
        return true;
      case 'reasoning': {
        const thinking = thinkingFromItem(item);
        const state = this.reasoningState(item.id);
        if (!state.started && thinking.text === '' && thinking.signature === undefined) return true;
        if (!state.started) this.reasoningDelta(item.id, thinking.text, out);
        out.push({
          type: 'reasoning_end',
          reasoningId: item.id,
          ...(thinking.signature !== undefined ? { signature: thinking.signature } : {}),
        });
        return true;
      }
      default:
        return false;
    }
  }
}
