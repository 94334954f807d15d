import type { Response } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { classifyOpenAIFailure } from '../openai/openai-error-mapping.js';
import { type ChatResponseContext, fromChatCompletion, reasoningOf, toolCall } from './chat-response.js';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

interface CallState {
  id: string;
  name: string;
  arguments: string;
  /** The id the server gave, if any (a synthesized one is replaced when the real one arrives). */
  serverId: string | undefined;
  ended: boolean;
}

/**
 * Turns Chat Completions chunks into unified StreamEvents and accumulates the completion they
 * describe. Reasoning (from the server's reasoning field) and text are segments that open on
 * their first delta; switching from one to the other, or a tool call starting, closes the first. Tool calls are assembled
 * by `index` (a new id at a used index is a new call: some servers send every call at index 0);
 * each opens on its first fragment. `finish_reason` closes everything; `end()` (on `[DONE]`)
 * builds the same Response complete() gives and emits `finish`.
 */
export class ChatStreamDecoder {
  private started = false;
  private finished: Response | undefined;
  private id = '';
  private model = '';
  private text = '';
  private refusal = '';
  private reasoning = '';
  private finishReason: string | undefined;
  private usage: unknown;
  private segment: { kind: 'text' | 'reasoning'; id: string } | undefined;
  private segments = 0;
  private readonly calls: CallState[] = [];
  private readonly callAtIndex = new Map<number, CallState>();

  constructor(private readonly context: ChatResponseContext) {}

  get response(): Response | undefined {
    return this.finished;
  }

  push(chunk: UnknownRecord): StreamEvent[] {
    if (this.finished) return [];
    if (chunk.error !== undefined && chunk.error !== null) {
      throw classifyOpenAIFailure(
        chunk,
        { provider: this.context.provider },
        'The stream reported an error.',
      );
    }
    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({
        type: 'stream_start',
        provider: this.context.provider,
        model: str(chunk.model) || this.context.requestModel,
        ...(str(chunk.id) ? { id: str(chunk.id) } : {}),
      });
    }
    this.id ||= str(chunk.id) ?? '';
    this.model ||= str(chunk.model) ?? '';
    const groq = isRecord(chunk.x_groq) ? chunk.x_groq : {};
    if (isRecord(chunk.usage)) this.usage = chunk.usage;
    else if (isRecord(groq.usage)) this.usage = groq.usage;

    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const choice = choices.find((c) => isRecord(c) && (c.index === 0 || c.index === undefined));
    if (!isRecord(choice)) return out;
    const delta = isRecord(choice.delta) ? choice.delta : {};

    const reasoning = reasoningOf(delta, this.context.reasoningFields);
    if (reasoning !== undefined) {
      this.reasoning += reasoning;
      this.segmentDelta('reasoning', reasoning, out);
    }
    const content = str(delta.content);
    if (content) {
      this.text += content;
      this.segmentDelta('text', content, out);
    }
    const refusal = str(delta.refusal);
    if (refusal) {
      this.refusal += refusal;
      this.segmentDelta('text', refusal, out);
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const fragment of delta.tool_calls) if (isRecord(fragment)) this.toolCallFragment(fragment, out);
    }
    const finish = str(choice.finish_reason);
    if (finish) {
      this.finishReason = finish;
      this.closeAll(out);
    }
    return out;
  }

  /** The stream's `[DONE]`: close what is open and emit `finish` with the accumulated response. */
  end(): StreamEvent[] {
    if (this.finished) return [];
    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: 'stream_start', provider: this.context.provider, model: this.context.requestModel });
    }
    this.closeAll(out);
    const response = fromChatCompletion(this.completion(), this.context);
    this.finished = response;
    out.push({ type: 'finish', finishReason: response.finishReason, usage: response.usage, response });
    return out;
  }

  private segmentDelta(kind: 'text' | 'reasoning', delta: string, out: StreamEvent[]): void {
    if (this.segment?.kind !== kind) {
      this.closeSegment(out);
      const id = `${kind}-${this.segments++}`;
      this.segment = { kind, id };
      out.push(
        kind === 'text' ? { type: 'text_start', textId: id } : { type: 'reasoning_start', reasoningId: id },
      );
    }
    const id = this.segment.id;
    out.push(
      kind === 'text'
        ? { type: 'text_delta', textId: id, delta }
        : { type: 'reasoning_delta', reasoningId: id, delta },
    );
  }

  private closeSegment(out: StreamEvent[]): void {
    if (!this.segment) return;
    const { kind, id } = this.segment;
    out.push(kind === 'text' ? { type: 'text_end', textId: id } : { type: 'reasoning_end', reasoningId: id });
    this.segment = undefined;
  }

  private toolCallFragment(fragment: UnknownRecord, out: StreamEvent[]): void {
    const fn = isRecord(fragment.function) ? fragment.function : {};
    const serverId = str(fragment.id) || undefined;
    const index = typeof fragment.index === 'number' ? fragment.index : this.calls.length;
    let call = this.callAtIndex.get(index);
    if (call && serverId !== undefined && call.serverId !== undefined && call.serverId !== serverId) {
      call = undefined;
    }
    if (!call) {
      // A call starting means the reasoning or text before it is complete.
      this.closeSegment(out);
      call = {
        id: serverId ?? `call_${this.calls.length}`,
        name: str(fn.name) ?? '',
        arguments: '',
        serverId,
        ended: false,
      };
      this.calls.push(call);
      this.callAtIndex.set(index, call);
      out.push({ type: 'tool_call_start', toolCallId: call.id, toolName: call.name });
    } else if (!call.name && str(fn.name)) {
      call.name = str(fn.name) ?? '';
    }
    const args = str(fn.arguments);
    if (args) {
      call.arguments += args;
      out.push({ type: 'tool_call_delta', toolCallId: call.id, argumentsDelta: args });
    }
  }

  private closeAll(out: StreamEvent[]): void {
    this.closeSegment(out);
    this.calls.forEach((call, index) => {
      if (call.ended) return;
      call.ended = true;
      const unified = toolCall(this.rawCall(call), index);
      if (unified) out.push({ type: 'tool_call_end', toolCall: unified });
    });
  }

  private rawCall(call: CallState) {
    return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
  }

  /** The completion the chunks described, in the shape of a non-streamed one. */
  private completion(): UnknownRecord {
    const message: UnknownRecord = {
      role: 'assistant',
      content: this.text === '' ? null : this.text,
      refusal: this.refusal === '' ? null : this.refusal,
    };
    if (this.reasoning !== '')
      message[this.context.reasoningFields[0] ?? 'reasoning_content'] = this.reasoning;
    if (this.calls.length > 0) message.tool_calls = this.calls.map((call) => this.rawCall(call));
    return {
      id: this.id,
      object: 'chat.completion',
      model: this.model,
      choices: [{ index: 0, message, finish_reason: this.finishReason ?? null }],
      usage: this.usage ?? null,
    };
  }
}
