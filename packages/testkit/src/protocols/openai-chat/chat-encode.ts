import type { ResolvedTurn } from '../../script/resolve-turn.js';
import { openAIErrorObject, openAIResponseHeaders } from '../openai-shared/openai-errors.js';
import { type CodecContext, isRecord, type Reply, type StreamPlan, type UnknownRecord } from '../protocol.js';
import { dataFrame } from '../sse.js';

const FINISH_REASONS = {
  end: 'stop',
  tool_calls: 'tool_calls',
  max_tokens: 'length',
  stop_sequence: 'stop',
  content_filter: 'content_filter',
  refusal: 'stop',
  pause_turn: 'length',
  context_window_exceeded: 'length',
  failed: 'stop',
} as const;

/** Where OpenAI-compatible servers put streamed reasoning (DeepSeek, vLLM: reasoning_content; OpenRouter: reasoning). */
export type ChatReasoningField = 'reasoning_content' | 'reasoning';

function finishReason(turn: ResolvedTurn): string {
  return turn.rawStop ?? FINISH_REASONS[turn.stop];
}

/** Chat counts cached input inside `prompt_tokens` and reasoning inside `completion_tokens`. */
function usage(turn: ResolvedTurn) {
  const u = turn.usage;
  const prompt = u.input + u.cacheRead + u.cacheWrite;
  const completion = u.output + u.reasoning;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: u.cacheRead, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: u.reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function isRefusal(turn: ResolvedTurn): boolean {
  return turn.stop === 'refusal' && turn.rawStop === undefined;
}

export function encodeChatResponse(
  turn: ResolvedTurn,
  context: CodecContext,
  reasoningField: ChatReasoningField,
): Reply {
  const text = turn.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const reasoning = turn.blocks.flatMap((b) => (b.type === 'reasoning' ? [b.text] : [])).join('');
  const toolCalls = turn.blocks.flatMap((b) =>
    b.type === 'tool_call'
      ? [{ id: b.id, type: 'function', function: { name: b.name, arguments: b.argumentsJson } }]
      : [],
  );
  const message: UnknownRecord = {
    role: 'assistant',
    content: isRefusal(turn) || (text === '' && toolCalls.length > 0) ? null : text,
    refusal: isRefusal(turn) ? text : null,
    annotations: [],
  };
  if (reasoning) message[reasoningField] = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const body = {
    id: context.ids.chatCompletion(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: turn.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(turn) }],
    usage: usage(turn),
    service_tier: 'default',
    system_fingerprint: context.ids.systemFingerprint(),
  };
  return {
    status: 200,
    headers: openAIResponseHeaders(context.ids, false),
    body: `${JSON.stringify(body, null, 2)}\n`,
  };
}

export function encodeChatStream(
  turn: ResolvedTurn,
  context: CodecContext,
  reasoningField: ChatReasoningField,
): StreamPlan {
  const includeUsage =
    isRecord(context.body.stream_options) && context.body.stream_options.include_usage === true;
  const base = {
    id: context.ids.chatCompletion(),
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: turn.model,
    service_tier: 'default',
    system_fingerprint: context.ids.systemFingerprint(),
  };
  const frames: string[] = [];
  const chunk = (delta: UnknownRecord, finish_reason: string | null = null) => {
    const data: UnknownRecord = { ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }] };
    // With include_usage every chunk carries `usage: null` until the final usage chunk.
    if (includeUsage) data.usage = null;
    data.obfuscation = context.ids.obfuscation(8);
    frames.push(dataFrame(JSON.stringify(data)));
  };
  chunk({ role: 'assistant', content: '', refusal: null });
  let toolIndex = 0;
  for (const block of turn.blocks) {
    if (block.type === 'reasoning') {
      for (const piece of block.chunks) chunk({ [reasoningField]: piece });
    } else if (block.type === 'text') {
      const field = isRefusal(turn) ? 'refusal' : 'content';
      for (const piece of block.chunks) chunk({ [field]: piece });
    } else {
      const index = toolIndex++;
      chunk({
        tool_calls: [
          { index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } },
        ],
      });
      for (const piece of block.argumentChunks)
        chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  }
  chunk({}, finishReason(turn));
  if (includeUsage) {
    frames.push(
      dataFrame(
        JSON.stringify({ ...base, choices: [], usage: usage(turn), obfuscation: context.ids.obfuscation(8) }),
      ),
    );
  }
  frames.push(dataFrame('[DONE]'));
  return {
    headers: openAIResponseHeaders(context.ids, true),
    frames,
    errorFrames: (kind, message) => [
      dataFrame(JSON.stringify({ error: openAIErrorObject(kind, 'chat', message) })),
    ],
    malformedFrame: (text) => dataFrame(text ?? `{"id":"${base.id}","choices":[{"delta":`),
  };
}
