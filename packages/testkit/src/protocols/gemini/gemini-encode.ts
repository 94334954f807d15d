import type { ResolvedTurn } from '../../script/resolve-turn.js';
import { type CodecContext, isRecord, type Reply, type StreamPlan, type UnknownRecord } from '../protocol.js';
import { dataFrame } from '../sse.js';
import { geminiErrorObject } from './gemini-errors.js';
import { geminiJson } from './gemini-json.js';

const FINISH_REASONS = {
  end: 'STOP',
  tool_calls: 'STOP',
  max_tokens: 'MAX_TOKENS',
  stop_sequence: 'STOP',
  content_filter: 'SAFETY',
  refusal: 'SAFETY',
  pause_turn: 'OTHER',
  context_window_exceeded: 'MAX_TOKENS',
  failed: 'OTHER',
} as const;

/** Gemini frames end with CRLF CRLF, and its SDK rejects a stream whose last frame is unterminated. */
const FRAME_END = '\r\n\r\n';

type Part = UnknownRecord;

function includeThoughts(body: UnknownRecord): boolean {
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const thinking = isRecord(config.thinkingConfig) ? config.thinkingConfig : {};
  return thinking.includeThoughts === true;
}

/**
 * The turn as a list of frames' parts. Each inner list is one streamed frame; a reasoning block's
 * signature rides on the first part after it, as Gemini sends it.
 */
function planParts(turn: ResolvedTurn, context: CodecContext, streamed: boolean): Part[][] {
  const frames: Part[][] = [];
  const thoughts = includeThoughts(context.body);
  let pendingSignature: string | undefined;
  const sign = (part: Part, explicit?: string): Part => {
    const signature = explicit ?? pendingSignature;
    pendingSignature = undefined;
    if (signature) {
      context.signatures.issue('gemini', signature);
      return { ...part, thoughtSignature: signature };
    }
    return part;
  };
  for (const block of turn.blocks) {
    if (block.type === 'reasoning') {
      if (thoughts && block.text) {
        const pieces = streamed ? block.chunks : [block.text];
        for (const text of pieces) frames.push([{ text, thought: true }]);
      }
      pendingSignature = block.signature ?? pendingSignature;
    } else if (block.type === 'text') {
      const pieces = streamed ? block.chunks : [block.text];
      pieces.forEach((text, i) => {
        frames.push([i === 0 ? sign({ text }) : { text }]);
      });
    } else {
      const part = sign(
        { functionCall: { name: block.name, args: block.argumentsValue } },
        block.thoughtSignature,
      );
      const previous = frames.at(-1);
      // Parallel calls arrive together in one frame.
      if (previous?.every((p) => 'functionCall' in p)) previous.push(part);
      else frames.push([part]);
    }
  }
  // A signature with nothing after it is sent on an empty text part, as Gemini 3 does.
  if (pendingSignature) frames.push([sign({ text: '' })]);
  return frames;
}

/** Gemini counts cached input inside `promptTokenCount` and thoughts apart from candidates. */
function usageMetadata(turn: ResolvedTurn): UnknownRecord {
  const u = turn.usage;
  const prompt = u.input + u.cacheRead;
  const metadata: UnknownRecord = { promptTokenCount: prompt, candidatesTokenCount: u.output };
  if (u.cacheRead > 0) metadata.cachedContentTokenCount = u.cacheRead;
  metadata.totalTokenCount = prompt + u.output + u.reasoning;
  metadata.promptTokensDetails = [{ modality: 'TEXT', tokenCount: prompt }];
  if (u.reasoning > 0) metadata.thoughtsTokenCount = u.reasoning;
  return metadata;
}

function finishReason(turn: ResolvedTurn): string {
  return turn.rawStop ?? FINISH_REASONS[turn.stop];
}

function responseEnvelope(
  turn: ResolvedTurn,
  responseId: string,
  candidate: UnknownRecord | undefined,
  usage: UnknownRecord,
) {
  return {
    ...(candidate ? { candidates: [candidate] } : {}),
    ...(turn.source.promptBlocked ? { promptFeedback: { blockReason: turn.source.promptBlocked } } : {}),
    usageMetadata: usage,
    modelVersion: turn.model,
    responseId,
  };
}

export function encodeGeminiResponse(turn: ResolvedTurn, context: CodecContext): Reply {
  const parts = planParts(turn, context, false).flat();
  const candidate = turn.source.promptBlocked
    ? undefined
    : { content: { parts, role: 'model' }, finishReason: finishReason(turn), index: 0 };
  const body = responseEnvelope(turn, context.ids.geminiResponse(), candidate, usageMetadata(turn));
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: `${JSON.stringify(body, null, 2)}\n`,
  };
}

export function encodeGeminiStream(turn: ResolvedTurn, context: CodecContext): StreamPlan {
  const responseId = context.ids.geminiResponse();
  const frameParts = planParts(turn, context, true);
  const finalUsage = usageMetadata(turn);
  const promptOnly = {
    promptTokenCount: finalUsage.promptTokenCount,
    totalTokenCount: finalUsage.promptTokenCount,
  };
  const frames: string[] = [];
  const emit = (candidate: UnknownRecord | undefined, usage: UnknownRecord) =>
    frames.push(dataFrame(geminiJson(responseEnvelope(turn, responseId, candidate, usage)), FRAME_END));
  if (turn.source.promptBlocked) {
    emit(undefined, finalUsage);
  } else {
    if (frameParts.length === 0) frameParts.push([{ text: '' }]);
    frameParts.forEach((parts, i) => {
      const last = i === frameParts.length - 1;
      const candidate: UnknownRecord = { content: { parts, role: 'model' }, index: 0 };
      if (last) candidate.finishReason = finishReason(turn);
      emit(candidate, last ? finalUsage : promptOnly);
    });
  }
  return {
    headers: { 'content-type': 'text/event-stream', 'content-disposition': 'attachment' },
    frames,
    errorFrames: (kind, message) => [
      dataFrame(
        geminiJson({ error: geminiErrorObject({ kind, ...(message ? { message } : {}) }) }),
        FRAME_END,
      ),
    ],
    malformedFrame: (text) =>
      dataFrame(text ?? '{"candidates": [{"content": {"parts": [{"text": ', FRAME_END),
  };
}
