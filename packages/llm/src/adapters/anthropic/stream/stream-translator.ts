import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { StreamError } from '../../../errors/sdk-error.js';
import type { StreamEvent } from '../../../types/stream-event.js';
import { parseToolArguments } from '../../shared/parse-tool-arguments.js';
import type { AnthropicUsage } from '../response/anthropic-usage.js';
import {
  type AnthropicBlock,
  type AnthropicMessage,
  type ResponseContext,
  responseFromMessage,
} from '../response/translate-response.js';

/** One content block being streamed, with what is needed to finish it. */
type OpenBlock =
  | { kind: 'text'; id: string; block: { type: 'text'; text: string } }
  | { kind: 'thinking'; id: string; block: { type: 'thinking'; thinking: string; signature: string } }
  | { kind: 'redacted'; id: string; block: { type: 'redacted_thinking'; data: string } }
  | {
      kind: 'tool';
      id: string;
      json: string;
      block: { type: 'tool_use'; id: string; name: string; input: unknown };
    }
  | { kind: 'other'; json: string; block: { type: string; [field: string]: unknown } };

/** The message as the stream builds it: the same shape as a non-streamed response body. */
interface AssembledMessage extends AnthropicMessage {
  type: 'message';
  role: 'assistant';
  stop_sequence: string | null;
  stop_details: unknown;
  usage: AnthropicUsage & Record<string, unknown>;
}

/**
 * Turns Messages API stream events into unified StreamEvents, and assembles the message as it
 * goes so the `finish` event carries the Response `complete()` would give. Text, thinking and
 * tool-use blocks map to text / reasoning / tool-call start-delta-end (ids `text_<index>`,
 * `reasoning_<index>`, and the `toolu_…` id); `message_delta` brings the stop reason and the
 * final usage; `message_stop` ends the turn. Anything else (server-tool blocks, citations, new
 * event types) is passed on as a provider event.
 */
export class AnthropicStreamTranslator {
  /** Whether `message_stop` arrived: a stream that ends without it was cut short. */
  finished = false;
  private message: AssembledMessage | undefined;
  private readonly blocks: (OpenBlock | undefined)[] = [];

  constructor(private readonly context: ResponseContext) {}

  /** Translates one event, appending what it means to `out`. */
  accept(event: RawMessageStreamEvent, out: StreamEvent[]): void {
    switch (event.type) {
      case 'content_block_delta':
        this.delta(event, out);
        break;
      case 'content_block_start':
        this.start(event, out);
        break;
      case 'content_block_stop':
        this.stop(event.index, out);
        break;
      case 'message_start':
        this.begin(event, out);
        break;
      case 'message_delta': {
        const message = this.started();
        message.stop_reason = event.delta.stop_reason;
        message.stop_sequence = event.delta.stop_sequence;
        message.stop_details = event.delta.stop_details;
        // Output tokens are cumulative; input and cache counts, when repeated, are the final ones.
        for (const [field, value] of Object.entries(event.usage)) {
          if (value !== null && value !== undefined) message.usage[field] = value;
        }
        break;
      }
      case 'message_stop':
        this.end(out);
        break;
      default:
        out.push(this.providerEvent(event));
    }
  }

  private begin(event: Extract<RawMessageStreamEvent, { type: 'message_start' }>, out: StreamEvent[]): void {
    if (this.message !== undefined) {
      out.push(this.providerEvent(event));
      return;
    }
    const { id, model, usage } = event.message;
    this.message = {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      usage: { ...usage },
    };
    out.push({ type: 'stream_start', provider: this.context.provider, model, id });
  }

  private start(
    event: Extract<RawMessageStreamEvent, { type: 'content_block_start' }>,
    out: StreamEvent[],
  ): void {
    this.started();
    const { index } = event;
    const block = event.content_block;
    switch (block.type) {
      case 'text': {
        const id = `text_${index}`;
        this.blocks[index] = { kind: 'text', id, block: { type: 'text', text: block.text } };
        out.push({ type: 'text_start', textId: id });
        if (block.text !== '') out.push({ type: 'text_delta', textId: id, delta: block.text });
        return;
      }
      case 'thinking': {
        const id = `reasoning_${index}`;
        this.blocks[index] = {
          kind: 'thinking',
          id,
          block: { type: 'thinking', thinking: block.thinking, signature: block.signature },
        };
        out.push({ type: 'reasoning_start', reasoningId: id });
        if (block.thinking !== '')
          out.push({ type: 'reasoning_delta', reasoningId: id, delta: block.thinking });
        return;
      }
      case 'redacted_thinking': {
        const id = `reasoning_${index}`;
        this.blocks[index] = { kind: 'redacted', id, block: { type: 'redacted_thinking', data: block.data } };
        out.push({ type: 'reasoning_start', reasoningId: id });
        return;
      }
      case 'tool_use':
        this.blocks[index] = {
          kind: 'tool',
          id: block.id,
          json: '',
          block: { type: 'tool_use', id: block.id, name: block.name, input: block.input },
        };
        out.push({ type: 'tool_call_start', toolCallId: block.id, toolName: block.name });
        return;
      default:
        this.blocks[index] = { kind: 'other', json: '', block: { ...block } };
        out.push(this.providerEvent(event));
    }
  }

  private delta(
    event: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>,
    out: StreamEvent[],
  ): void {
    const open = this.open(event.index);
    const delta = event.delta;
    if (delta.type === 'text_delta' && open.kind === 'text') {
      open.block.text += delta.text;
      out.push({ type: 'text_delta', textId: open.id, delta: delta.text });
    } else if (delta.type === 'input_json_delta' && open.kind === 'tool') {
      if (delta.partial_json === '') return;
      open.json += delta.partial_json;
      out.push({ type: 'tool_call_delta', toolCallId: open.id, argumentsDelta: delta.partial_json });
    } else if (delta.type === 'thinking_delta' && open.kind === 'thinking') {
      open.block.thinking += delta.thinking;
      out.push({ type: 'reasoning_delta', reasoningId: open.id, delta: delta.thinking });
    } else if (delta.type === 'signature_delta' && open.kind === 'thinking') {
      open.block.signature = delta.signature;
    } else {
      if (delta.type === 'input_json_delta' && open.kind === 'other') open.json += delta.partial_json;
      out.push(this.providerEvent(event));
    }
  }

  private stop(index: number, out: StreamEvent[]): void {
    const open = this.open(index);
    switch (open.kind) {
      case 'text':
        out.push({ type: 'text_end', textId: open.id });
        return;
      case 'thinking': {
        const { signature } = open.block;
        out.push({ type: 'reasoning_end', reasoningId: open.id, ...(signature ? { signature } : {}) });
        return;
      }
      case 'redacted':
        out.push({ type: 'reasoning_end', reasoningId: open.id, signature: open.block.data, redacted: true });
        return;
      case 'tool': {
        // No input deltas at all is a call with no arguments; unparseable JSON stays as text.
        const input = open.json === '' ? (open.block.input ?? {}) : parseToolArguments(open.json);
        open.block.input = input;
        const { id, name } = open.block;
        out.push({
          type: 'tool_call_end',
          toolCall: {
            id,
            name,
            arguments: typeof input === 'string' ? input : (input as Record<string, unknown>),
          },
        });
        return;
      }
      case 'other':
        if (open.json !== '') open.block.input = parseToolArguments(open.json);
        out.push(this.providerEvent({ type: 'content_block_stop', index }));
    }
  }

  private end(out: StreamEvent[]): void {
    const message = this.started();
    message.content = this.blocks
      .filter((open) => open !== undefined)
      .map((open) => open.block as AnthropicBlock);
    this.finished = true;
    const response = responseFromMessage(message, message, this.context);
    out.push({ type: 'finish', finishReason: response.finishReason, usage: response.usage, response });
  }

  private started(): AssembledMessage {
    if (this.message === undefined) throw new StreamError('The stream sent content before message_start.');
    return this.message;
  }

  private open(index: number): OpenBlock {
    const open = this.blocks[index];
    if (open === undefined)
      throw new StreamError(`The stream sent an event for block ${index}, which never started.`);
    return open;
  }

  private providerEvent(raw: unknown): StreamEvent {
    return { type: 'provider_event', provider: this.context.provider, raw };
  }
}
