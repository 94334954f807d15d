import { randomUUID } from 'node:crypto';
import type { GenerateContentResponse, GenerateContentResponseUsageMetadata, Part } from '@google/genai';
import { ContentFilterError, StreamError } from '../../errors/sdk-error.js';
import type { ContentPart, ToolCallData } from '../../types/content.js';
import type { Response, Warning } from '../../types/response.js';
import type { StreamEvent } from '../../types/stream-event.js';
import { toFinishReason } from './finish-reason.js';
import { toUsage } from './gemini-usage.js';
import { GEMINI } from './provider-name.js';
import { synthesizeToolCallId } from './tool-call-id.js';

/** A text or thought part still growing from streamed chunks. */
interface OpenSegment {
  kind: 'text' | 'thinking';
  pieces: string[];
  signature: string | undefined;
  /** Set once the first non-empty piece has been announced with a start event. */
  eventId: string | undefined;
}

/** The response as received, without the SDK's HTTP wrapper (whose headers differ per request). */
function payloadOf(chunk: GenerateContentResponse): Record<string, unknown> {
  const { sdkHttpResponse: _http, ...payload } = chunk;
  return payload;
}

/**
 * Builds the unified answer from Gemini responses: the one body of `generateContent`, or each
 * chunk of `generateContentStream` in turn, so both paths give the same Response. `accept`
 * returns the stream events a chunk produces; `finish` closes what is open and returns the final
 * events and the Response.
 *
 * Parts keep their signatures where they arrived: a function call's on ToolCallData.signature, a
 * text or thought part's on that part. Unsigned streamed pieces join the text (or thought) part
 * before them; a signed piece starts a new part, so a trailing empty part that only carries a
 * signature stays a part of its own. Function calls arrive whole and produce start, one delta
 * with all the arguments, and end together; Gemini sends no call ids, so they are synthesized
 * (Gemini's own id, when it sends one, is kept as `providerItemId`).
 */
export class GeminiTurnAssembler {
  private readonly parts: ContentPart[] = [];
  private open: OpenSegment | undefined;
  private started = false;
  private textSegments = 0;
  private reasoningSegments = 0;
  private calls = 0;
  private hasToolCalls = false;
  private finishRaw: string | undefined;
  private usageMetadata: GenerateContentResponseUsageMetadata | undefined;
  private responseId: string | undefined;
  private modelVersion: string | undefined;
  private lastChunk: GenerateContentResponse | undefined;

  constructor(private readonly requestModel: string) {}

  accept(chunk: GenerateContentResponse): StreamEvent[] {
    const events: StreamEvent[] = [];
    this.lastChunk = chunk;
    this.responseId ??= chunk.responseId;
    this.modelVersion ??= chunk.modelVersion;
    if (chunk.usageMetadata) this.usageMetadata = chunk.usageMetadata;
    const candidate = chunk.candidates?.[0];
    if (candidate === undefined && chunk.promptFeedback?.blockReason !== undefined) {
      throw this.blockedPrompt(chunk);
    }
    if (!this.started) {
      this.started = true;
      events.push({
        type: 'stream_start',
        provider: GEMINI,
        model: this.modelVersion ?? this.requestModel,
        ...(this.responseId !== undefined ? { id: this.responseId } : {}),
      });
    }
    for (const part of candidate?.content?.parts ?? []) this.acceptPart(part, events);
    if (candidate?.finishReason !== undefined) this.finishRaw = candidate.finishReason;
    return events;
  }

  /**
   * Closes open parts and builds the Response. With `requireFinishReason` (streams), an answer
   * that never said why it ended was cut short: StreamError.
   */
  finish(options: { requireFinishReason: boolean; warnings: Warning[] }): {
    events: StreamEvent[];
    response: Response;
  } {
    if (options.requireFinishReason && this.finishRaw === undefined) {
      throw new StreamError('gemini: the stream ended before any chunk carried a finishReason.');
    }
    const events: StreamEvent[] = [];
    this.closeSegment(events);
    const finishReason = toFinishReason(this.finishRaw, this.hasToolCalls);
    const usage = toUsage(this.usageMetadata);
    const response: Response = {
      id: this.responseId ?? `gemini_${randomUUID()}`,
      model: this.modelVersion ?? this.requestModel,
      provider: GEMINI,
      message: {
        role: 'assistant',
        content: this.parts,
        // The requested model, not modelVersion: it is what the next request will name, and
        // signatures are checked against the target model.
        origin: { provider: GEMINI, model: this.requestModel },
      },
      finishReason,
      usage,
      raw: this.lastChunk && payloadOf(this.lastChunk),
      warnings: options.warnings,
    };
    events.push({ type: 'finish', finishReason, usage, response });
    return { events, response };
  }

  private acceptPart(part: Part, events: StreamEvent[]): void {
    if (part.functionCall) {
      this.closeSegment(events);
      this.acceptCall(part, events);
    } else if (part.inlineData?.data !== undefined) {
      this.closeSegment(events);
      this.parts.push({
        kind: 'image',
        image: { data: part.inlineData.data, mediaType: part.inlineData.mimeType ?? 'image/png' },
      });
    } else if (typeof part.text === 'string' || part.thoughtSignature !== undefined) {
      this.acceptText(
        part.thought === true ? 'thinking' : 'text',
        part.text ?? '',
        part.thoughtSignature,
        events,
      );
    } else {
      // Code execution, grounding and other parts with no unified meaning.
      events.push({ type: 'provider_event', provider: GEMINI, raw: part });
    }
  }

  private acceptCall(part: Part, events: StreamEvent[]): void {
    const call = part.functionCall ?? {};
    const args = call.args ?? {};
    const rawArguments = JSON.stringify(args);
    const id = synthesizeToolCallId(this.responseId, this.calls++);
    const toolCall: ToolCallData = {
      id,
      name: call.name ?? '',
      arguments: args,
      rawArguments,
      type: 'function',
      ...(part.thoughtSignature !== undefined ? { signature: part.thoughtSignature } : {}),
      ...(call.id ? { providerItemId: call.id } : {}),
    };
    this.hasToolCalls = true;
    this.parts.push({ kind: 'tool_call', toolCall });
    events.push(
      { type: 'tool_call_start', toolCallId: id, toolName: toolCall.name },
      { type: 'tool_call_delta', toolCallId: id, argumentsDelta: rawArguments },
      { type: 'tool_call_end', toolCall },
    );
  }

  private acceptText(
    kind: OpenSegment['kind'],
    text: string,
    signature: string | undefined,
    events: StreamEvent[],
  ): void {
    let segment = this.open;
    if (segment === undefined || segment.kind !== kind || signature !== undefined) {
      this.closeSegment(events);
      segment = { kind, pieces: [], signature, eventId: undefined };
      this.open = segment;
    }
    if (text === '') return;
    if (kind === 'text') {
      if (segment.eventId === undefined) {
        segment.eventId = `text_${this.textSegments++}`;
        events.push({ type: 'text_start', textId: segment.eventId });
      }
      events.push({ type: 'text_delta', textId: segment.eventId, delta: text });
    } else {
      if (segment.eventId === undefined) {
        segment.eventId = `reasoning_${this.reasoningSegments++}`;
        events.push({ type: 'reasoning_start', reasoningId: segment.eventId });
      }
      events.push({ type: 'reasoning_delta', reasoningId: segment.eventId, delta: text });
    }
    segment.pieces.push(text);
  }

  private closeSegment(events: StreamEvent[]): void {
    const segment = this.open;
    if (segment === undefined) return;
    this.open = undefined;
    const text = segment.pieces.join('');
    const signature = segment.signature;
    // An unsigned empty part carries nothing worth keeping.
    if (text === '' && signature === undefined) return;
    const signed = signature !== undefined ? { signature } : {};
    if (segment.kind === 'text') {
      this.parts.push({ kind: 'text', text, ...signed });
      if (segment.eventId !== undefined) events.push({ type: 'text_end', textId: segment.eventId });
    } else {
      this.parts.push({ kind: 'thinking', thinking: { text, redacted: false, ...signed } });
      if (segment.eventId !== undefined) {
        events.push({ type: 'reasoning_end', reasoningId: segment.eventId, ...signed });
      }
    }
  }

  private blockedPrompt(chunk: GenerateContentResponse): ContentFilterError {
    const feedback = chunk.promptFeedback;
    const reason = feedback?.blockReason ?? 'BLOCKED_REASON_UNSPECIFIED';
    const detail = feedback?.blockReasonMessage ? ` (${feedback.blockReasonMessage})` : '';
    return new ContentFilterError(`gemini: the prompt was blocked: ${reason}${detail}`, {
      provider: GEMINI,
      errorCode: reason,
      raw: payloadOf(chunk),
    });
  }
}
