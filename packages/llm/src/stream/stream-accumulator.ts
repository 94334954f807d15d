import { parseToolArguments } from '../adapters/shared/parse-tool-arguments.js';
import type { ContentPart, ToolCallData } from '../types/content.js';
import type { FinishReason, Response } from '../types/response.js';
import type { StreamEvent } from '../types/stream-event.js';
import { EMPTY_USAGE } from '../types/usage.js';

interface TextSlot {
  kind: 'text';
  id: string;
  text: string;
}
interface ReasoningSlot {
  kind: 'reasoning';
  id: string;
  text: string;
  signature?: string;
  redacted: boolean;
}
interface ToolSlot {
  kind: 'tool';
  id: string;
  name: string;
  args: string;
  final?: ToolCallData;
}
type Slot = TextSlot | ReasoningSlot | ToolSlot;

const UNFINISHED: FinishReason = { reason: 'other', raw: undefined };

/**
 * Turns a stream of events back into a Response. Content parts are built from the events, in
 * the order their segments started (text, reasoning with its signature, tool calls as their end
 * events report them, or from their argument deltas when the stream broke before the end). Once
 * `finish` has arrived, `response()` is the response it carries, which is what `complete()` would
 * have returned; before that, `response()` is the partial response the events add up to so far.
 */
export class StreamAccumulator {
  private readonly slots: Slot[] = [];
  // One map per kind, so the per-delta lookup needs no key building (this runs for every event).
  private readonly texts = new Map<string, TextSlot>();
  private readonly reasonings = new Map<string, ReasoningSlot>();
  private readonly tools = new Map<string, ToolSlot>();
  private start: Extract<StreamEvent, { type: 'stream_start' }> | undefined;
  private finishEvent: Extract<StreamEvent, { type: 'finish' }> | undefined;

  process(event: StreamEvent): void {
    switch (event.type) {
      case 'stream_start':
        this.start = event;
        return;
      case 'text_start':
      case 'text_delta': {
        const slot =
          this.texts.get(event.textId) ?? this.add(this.texts, { kind: 'text', id: event.textId, text: '' });
        if (event.type === 'text_delta') slot.text += event.delta;
        return;
      }
      case 'text_end':
        return;
      case 'reasoning_start':
      case 'reasoning_delta':
      case 'reasoning_end': {
        const slot =
          this.reasonings.get(event.reasoningId) ??
          this.add(this.reasonings, { kind: 'reasoning', id: event.reasoningId, text: '', redacted: false });
        if (event.type === 'reasoning_delta') slot.text += event.delta;
        if (event.type === 'reasoning_end') {
          if (event.signature !== undefined) slot.signature = event.signature;
          if (event.redacted) slot.redacted = true;
        }
        return;
      }
      case 'tool_call_start':
        if (!this.tools.has(event.toolCallId)) {
          this.add(this.tools, { kind: 'tool', id: event.toolCallId, name: event.toolName, args: '' });
        }
        return;
      case 'tool_call_delta': {
        const slot =
          this.tools.get(event.toolCallId) ??
          this.add(this.tools, { kind: 'tool', id: event.toolCallId, name: '', args: '' });
        slot.args += event.argumentsDelta;
        return;
      }
      case 'tool_call_end': {
        const call = event.toolCall;
        const slot =
          this.tools.get(call.id) ??
          this.add(this.tools, { kind: 'tool', id: call.id, name: call.name, args: '' });
        slot.final = call;
        return;
      }
      case 'finish':
        this.finishEvent = event;
        return;
      default:
        return;
    }
  }

  /** Whether the stream's `finish` event has been processed. */
  get finished(): boolean {
    return this.finishEvent !== undefined;
  }

  /** The text so far: every text segment joined. */
  get text(): string {
    return this.slots.map((slot) => (slot.kind === 'text' ? slot.text : '')).join('');
  }

  /** The finished response, or the partial one the events so far add up to. */
  response(): Response {
    return this.finishEvent?.response ?? this.partialResponse();
  }

  /** The response built from the events alone (what a broken stream leaves behind). */
  partialResponse(): Response {
    const provider = this.finishEvent?.response.provider ?? this.start?.provider ?? '';
    const model = this.finishEvent?.response.model ?? this.start?.model ?? '';
    return {
      id: this.finishEvent?.response.id ?? this.start?.id ?? '',
      model,
      provider,
      message: { role: 'assistant', content: this.slots.map(toPart), origin: { provider, model } },
      finishReason: this.finishEvent?.finishReason ?? UNFINISHED,
      usage: this.finishEvent?.usage ?? EMPTY_USAGE,
      warnings: [],
    };
  }

  private add<S extends Slot>(byId: Map<string, S>, fresh: S): S {
    byId.set(fresh.id, fresh);
    this.slots.push(fresh);
    return fresh;
  }
}

function toPart(slot: Slot): ContentPart {
  switch (slot.kind) {
    case 'text':
      return { kind: 'text', text: slot.text };
    case 'reasoning': {
      const thinking = {
        text: slot.text,
        redacted: slot.redacted,
        ...(slot.signature === undefined ? {} : { signature: slot.signature }),
      };
      return slot.redacted ? { kind: 'redacted_thinking', thinking } : { kind: 'thinking', thinking };
    }
    case 'tool':
      return {
        kind: 'tool_call',
        toolCall: slot.final ?? {
          id: slot.id,
          name: slot.name,
          arguments: parseToolArguments(slot.args),
          rawArguments: slot.args,
        },
      };
  }
}
