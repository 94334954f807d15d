import type { ResolvedBlock, ResolvedTurn } from '../../script/resolve-turn.js';
import { openAIErrorObject, openAIResponseHeaders } from '../openai-shared/openai-errors.js';
import {
  asArray,
  type CodecContext,
  isRecord,
  type Reply,
  type StreamPlan,
  type UnknownRecord,
} from '../protocol.js';
import { eventFrame } from '../sse.js';

type Status = 'completed' | 'incomplete' | 'failed';

function outcome(turn: ResolvedTurn): { status: Status; incompleteReason?: string } {
  if (turn.rawStop !== undefined) {
    const [status, reason] = turn.rawStop.split(':');
    return status === 'incomplete'
      ? { status: 'incomplete', incompleteReason: reason ?? 'max_output_tokens' }
      : { status: status === 'failed' ? 'failed' : 'completed' };
  }
  switch (turn.stop) {
    case 'max_tokens':
    case 'pause_turn':
    case 'context_window_exceeded':
      return { status: 'incomplete', incompleteReason: 'max_output_tokens' };
    case 'content_filter':
      return { status: 'incomplete', incompleteReason: 'content_filter' };
    case 'failed':
      return { status: 'failed' };
    default:
      return { status: 'completed' };
  }
}

/** Responses counts cached input inside `input_tokens` and reasoning inside `output_tokens`. */
function usage(turn: ResolvedTurn) {
  const u = turn.usage;
  const input = u.input + u.cacheRead + u.cacheWrite;
  const output = u.output + u.reasoning;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: u.cacheRead, cache_write_tokens: u.cacheWrite },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: input + output,
  };
}

interface ItemPlan {
  block: ResolvedBlock;
  id: string;
  /** The item as it stands when done. */
  done: UnknownRecord;
}

function wantsEncryptedReasoning(body: UnknownRecord): boolean {
  return asArray(body.include).includes('reasoning.encrypted_content');
}

function planItems(turn: ResolvedTurn, context: CodecContext, itemStatus: string): ItemPlan[] {
  const refusal = turn.stop === 'refusal' && turn.rawStop === undefined;
  return turn.blocks.map((block): ItemPlan => {
    switch (block.type) {
      case 'reasoning': {
        const id = context.ids.responsesItem('rs');
        const done: UnknownRecord = {
          id,
          type: 'reasoning',
          summary: block.text ? [{ type: 'summary_text', text: block.text }] : [],
        };
        if (block.signature && wantsEncryptedReasoning(context.body)) {
          context.signatures.issue('openai-responses', block.signature);
          done.encrypted_content = block.signature;
        }
        return { block, id, done };
      }
      case 'text': {
        const id = context.ids.responsesItem('msg');
        const part = refusal
          ? { type: 'refusal', refusal: block.text }
          : { type: 'output_text', annotations: [], logprobs: [], text: block.text };
        return {
          block,
          id,
          done: { id, type: 'message', status: itemStatus, content: [part], role: 'assistant' },
        };
      }
      default: {
        if (block.custom) {
          // Field order as the API sends a custom tool call.
          const id = context.ids.responsesItem('ctc');
          return {
            block,
            id,
            done: {
              id,
              type: 'custom_tool_call',
              status: itemStatus,
              call_id: block.id,
              input: block.argumentsJson,
              name: block.name,
            },
          };
        }
        const id = context.ids.responsesItem('fc');
        return {
          block,
          id,
          done: {
            id,
            type: 'function_call',
            status: itemStatus,
            arguments: block.argumentsJson,
            call_id: block.id,
            name: block.name,
          },
        };
      }
    }
  });
}

/** The response object as the API returns it, echoing the request's settings. */
function responseObject(
  turn: ResolvedTurn,
  context: CodecContext,
  id: string,
  createdAt: number,
  status: Status | 'in_progress',
  output: unknown[],
  incompleteReason: string | undefined,
  error: unknown,
): UnknownRecord {
  const body = context.body;
  const reasoning = isRecord(body.reasoning) ? body.reasoning : {};
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status,
    background: false,
    completed_at: status === 'completed' ? createdAt + 1 : null,
    error,
    incomplete_details: incompleteReason ? { reason: incompleteReason } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: null,
    model: turn.model,
    output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    prompt_cache_key: body.prompt_cache_key ?? null,
    reasoning: { effort: reasoning.effort ?? null, summary: reasoning.summary ?? null },
    safety_identifier: null,
    service_tier: 'default',
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_logprobs: 0,
    top_p: body.top_p ?? 1,
    truncation: 'disabled',
    usage: status === 'in_progress' ? null : usage(turn),
    user: null,
    metadata: {},
  };
}

function failure(status: Status) {
  return status === 'failed'
    ? { code: 'server_error', message: 'The model failed to generate a response.' }
    : null;
}

export function encodeResponsesResponse(turn: ResolvedTurn, context: CodecContext): Reply {
  const { status, incompleteReason } = outcome(turn);
  const items = planItems(turn, context, status === 'incomplete' ? 'incomplete' : 'completed');
  const body = responseObject(
    turn,
    context,
    context.ids.responsesItem('resp'),
    Math.floor(Date.now() / 1000),
    status,
    items.map((item) => item.done),
    incompleteReason,
    failure(status),
  );
  return {
    status: 200,
    headers: openAIResponseHeaders(context.ids, false),
    body: `${JSON.stringify(body, null, 2)}\n`,
  };
}

export function encodeResponsesStream(turn: ResolvedTurn, context: CodecContext): StreamPlan {
  const { status, incompleteReason } = outcome(turn);
  const items = planItems(turn, context, status === 'incomplete' ? 'incomplete' : 'completed');
  const responseId = context.ids.responsesItem('resp');
  const createdAt = Math.floor(Date.now() / 1000);
  const frames: string[] = [];
  let sequence = 0;
  const send = (type: string, data: UnknownRecord) => {
    frames.push(eventFrame(type, JSON.stringify({ type, ...data, sequence_number: sequence++ })));
  };
  const snapshot = (state: Status | 'in_progress', output: unknown[]) =>
    responseObject(
      turn,
      context,
      responseId,
      createdAt,
      state,
      output,
      incompleteReason,
      state === 'failed' ? failure(state) : null,
    );
  const obfuscation = (delta: string) => context.ids.obfuscation(Math.max(1, 16 - delta.length));

  send('response.created', { response: snapshot('in_progress', []) });
  send('response.in_progress', { response: snapshot('in_progress', []) });
  items.forEach((item, output_index) => {
    const { block, id, done } = item;
    switch (block.type) {
      case 'reasoning': {
        send('response.output_item.added', { item: { id, type: 'reasoning', summary: [] }, output_index });
        if (block.text) {
          const at = { item_id: id, output_index, summary_index: 0 };
          send('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
          for (const delta of block.chunks) {
            send('response.reasoning_summary_text.delta', { ...at, delta, obfuscation: obfuscation(delta) });
          }
          send('response.reasoning_summary_text.done', { ...at, text: block.text });
          send('response.reasoning_summary_part.done', {
            ...at,
            part: { type: 'summary_text', text: block.text },
          });
        }
        break;
      }
      case 'text': {
        send('response.output_item.added', {
          item: { id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
          output_index,
        });
        const part = (asArray(done.content)[0] ?? {}) as UnknownRecord;
        const at = { item_id: id, output_index, content_index: 0 };
        if (part.type === 'refusal') {
          send('response.content_part.added', { ...at, part: { type: 'refusal', refusal: '' } });
          for (const delta of block.chunks) send('response.refusal.delta', { ...at, delta });
          send('response.refusal.done', { ...at, refusal: block.text });
        } else {
          send('response.content_part.added', {
            ...at,
            part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
          });
          for (const delta of block.chunks) {
            send('response.output_text.delta', {
              ...at,
              delta,
              logprobs: [],
              obfuscation: obfuscation(delta),
            });
          }
          send('response.output_text.done', { ...at, text: block.text, logprobs: [] });
        }
        send('response.content_part.done', { ...at, part });
        break;
      }
      case 'tool_call': {
        // A custom tool streams its raw input where a function streams JSON arguments; the events
        // are otherwise the same, and only a function's done event repeats its name.
        const wire = block.custom
          ? { events: 'response.custom_tool_call_input', field: 'input', name: {} }
          : { events: 'response.function_call_arguments', field: 'arguments', name: { name: block.name } };
        send('response.output_item.added', {
          item: { ...done, status: 'in_progress', [wire.field]: '' },
          output_index,
        });
        for (const delta of block.argumentChunks) {
          send(`${wire.events}.delta`, {
            item_id: id,
            output_index,
            delta,
            obfuscation: obfuscation(delta),
          });
        }
        send(`${wire.events}.done`, {
          item_id: id,
          output_index,
          [wire.field]: block.argumentsJson,
          ...wire.name,
        });
        break;
      }
    }
    send('response.output_item.done', { item: done, output_index });
  });
  const terminal =
    status === 'completed'
      ? 'response.completed'
      : status === 'incomplete'
        ? 'response.incomplete'
        : 'response.failed';
  send(terminal, {
    response: snapshot(
      status,
      items.map((item) => item.done),
    ),
  });
  return {
    headers: openAIResponseHeaders(context.ids, true),
    frames,
    errorFrames: (kind, message) => {
      const error = openAIErrorObject(kind, 'responses', message);
      const errorFrame = eventFrame(
        'error',
        JSON.stringify({ type: 'error', error, sequence_number: sequence }),
      );
      const failed = {
        ...snapshot('failed', []),
        error: { code: error.code ?? error.type, message: error.message },
      };
      return [
        errorFrame,
        eventFrame(
          'response.failed',
          JSON.stringify({ type: 'response.failed', response: failed, sequence_number: sequence + 1 }),
        ),
      ];
    },
    malformedFrame: (text) =>
      eventFrame('response.output_text.delta', text ?? '{"type":"response.output_text.delta","delta":'),
  };
}
