import type { ResolvedTurn } from '../../script/resolve-turn.js';
import type { CodecContext, Reply, StreamPlan } from '../protocol.js';
import { eventFrame } from '../sse.js';
import { anthropicStreamErrorData } from './anthropic-errors.js';

const STOP_REASONS = {
  end: 'end_turn',
  tool_calls: 'tool_use',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  content_filter: 'refusal',
  refusal: 'refusal',
  pause_turn: 'pause_turn',
  context_window_exceeded: 'model_context_window_exceeded',
  failed: 'end_turn',
} as const;

function stopReason(turn: ResolvedTurn): string {
  return turn.rawStop ?? STOP_REASONS[turn.stop];
}

function stopDetails(reason: string): unknown {
  return reason === 'refusal' ? { type: 'refusal', category: null, explanation: null } : null;
}

/** Anthropic counts cached input apart from `input_tokens`, and thinking inside `output_tokens`. */
function usage(turn: ResolvedTurn, outputTokens: number) {
  const u = turn.usage;
  return {
    input_tokens: u.input,
    cache_creation_input_tokens: u.cacheWrite,
    cache_read_input_tokens: u.cacheRead,
    cache_creation: { ephemeral_5m_input_tokens: u.cacheWrite, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: u.reasoning > 0 ? { thinking_tokens: u.reasoning } : null,
    service_tier: 'standard',
  };
}

function contentBlocks(turn: ResolvedTurn, context: CodecContext): unknown[] {
  return turn.blocks.map((block) => {
    if (block.type === 'text') return { type: 'text', text: block.text, citations: null };
    if (block.type === 'tool_call')
      return { type: 'tool_use', id: block.id, name: block.name, input: block.argumentsValue };
    return block.redacted
      ? { type: 'redacted_thinking', data: issue(block.signature ?? '', context) }
      : { type: 'thinking', thinking: block.text, signature: issue(block.signature ?? '', context) };
  });
}

function issue(signature: string, context: CodecContext): string {
  if (signature) context.signatures.issue('anthropic', signature);
  return signature;
}

export function encodeAnthropicResponse(turn: ResolvedTurn, context: CodecContext): Reply {
  const reason = stopReason(turn);
  const body = {
    id: context.ids.anthropicMessage(),
    type: 'message',
    role: 'assistant',
    model: turn.model,
    content: contentBlocks(turn, context),
    stop_reason: reason,
    stop_sequence: reason === 'stop_sequence' ? (turn.stopSequence ?? null) : null,
    stop_details: stopDetails(reason),
    container: null,
    usage: usage(turn, turn.usage.output + turn.usage.reasoning),
  };
  return {
    status: 200,
    headers: { 'content-type': 'application/json', 'request-id': context.ids.anthropicRequest() },
    body: JSON.stringify(body),
  };
}

export function encodeAnthropicStream(turn: ResolvedTurn, context: CodecContext): StreamPlan {
  const frames: string[] = [];
  const send = (type: string, data: Record<string, unknown>) =>
    frames.push(eventFrame(type, JSON.stringify({ type, ...data })));
  send('message_start', {
    message: {
      id: context.ids.anthropicMessage(),
      type: 'message',
      role: 'assistant',
      model: turn.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      container: null,
      // The API reports a small placeholder output count at the start; message_delta carries the real one.
      usage: usage(turn, 1),
    },
  });
  turn.blocks.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        send('content_block_start', { index, content_block: { type: 'text', text: '' } });
        break;
      case 'reasoning':
        send('content_block_start', {
          index,
          content_block: block.redacted
            ? { type: 'redacted_thinking', data: issue(block.signature ?? '', context) }
            : { type: 'thinking', thinking: '', signature: '' },
        });
        break;
      case 'tool_call':
        send('content_block_start', {
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        break;
    }
    // The API sends a ping soon after the first block opens; the SDK must skip it.
    if (index === 0) frames.push(eventFrame('ping', '{"type": "ping"}'));
    switch (block.type) {
      case 'text':
        for (const text of block.chunks)
          send('content_block_delta', { index, delta: { type: 'text_delta', text } });
        break;
      case 'reasoning':
        if (block.redacted) break;
        for (const thinking of block.chunks)
          send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } });
        send('content_block_delta', {
          index,
          delta: { type: 'signature_delta', signature: issue(block.signature ?? '', context) },
        });
        break;
      case 'tool_call':
        // The first input delta is usually empty, as on the real wire.
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } });
        for (const partial_json of block.argumentChunks) {
          send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
        }
        break;
    }
    send('content_block_stop', { index });
  });
  const reason = stopReason(turn);
  const {
    service_tier: _tier,
    cache_creation: _cc,
    ...deltaUsage
  } = usage(turn, turn.usage.output + turn.usage.reasoning);
  send('message_delta', {
    delta: {
      stop_reason: reason,
      stop_sequence: reason === 'stop_sequence' ? (turn.stopSequence ?? null) : null,
      stop_details: stopDetails(reason),
    },
    usage: deltaUsage,
  });
  send('message_stop', {});
  return {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': context.ids.anthropicRequest(),
    },
    frames,
    errorFrames: (kind, message) => [eventFrame('error', anthropicStreamErrorData(kind, message))],
    malformedFrame: (text) =>
      eventFrame(
        'content_block_delta',
        text ?? '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"',
      ),
  };
}
