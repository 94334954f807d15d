import type { IdFactory } from './ids.js';
import { ScriptError } from './script-error.js';
import type { Chunking, Protocol, ScriptedStop, ScriptedTurn, ScriptedUsage } from './scripted-turn.js';

/** A turn with every default filled in, ready for a protocol encoder. */
export interface ResolvedTurn {
  blocks: ResolvedBlock[];
  stop: ScriptedStop;
  /** The protocol's own stop value when the script gave one. */
  rawStop: string | undefined;
  stopSequence: string | undefined;
  usage: Required<ScriptedUsage>;
  model: string;
  source: ScriptedTurn;
}

export type ResolvedBlock =
  | { type: 'text'; text: string; chunks: string[] }
  | { type: 'reasoning'; text: string; chunks: string[]; signature: string | undefined; redacted: boolean }
  | {
      type: 'tool_call';
      id: string;
      name: string;
      /** A custom tool's call: `argumentsJson` is then its raw input text, not JSON. */
      custom: boolean;
      /** The arguments as JSON text ('' stays '': a call with no arguments streamed as nothing). */
      argumentsJson: string;
      /** The arguments parsed ({} for ''). */
      argumentsValue: Record<string, unknown>;
      argumentChunks: string[];
      thoughtSignature: string | undefined;
    };

/**
 * Fills in a turn's defaults for one protocol: chunking, tool-call ids, the stop reason and
 * plausible usage. Throws ScriptError when chunks do not join to their text.
 */
export function resolveTurn(
  turn: ScriptedTurn,
  protocol: Protocol,
  requestModel: string,
  ids: IdFactory,
): ResolvedTurn {
  const blocks: ResolvedBlock[] = (turn.content ?? []).map((block, index) => {
    switch (block.type) {
      case 'text':
        return {
          type: 'text',
          text: block.text,
          chunks: splitText(block.text, block.chunks, `content[${index}]`),
        };
      case 'reasoning':
        return {
          type: 'reasoning',
          text: block.text,
          chunks: splitText(block.text, block.chunks, `content[${index}]`),
          signature: block.signature,
          redacted: block.redacted ?? false,
        };
      case 'tool_call': {
        const custom = block.custom === true;
        if (custom) assertCustomCall(block.arguments, protocol, `content[${index}]`);
        const argumentsJson =
          typeof block.arguments === 'string' ? block.arguments : JSON.stringify(block.arguments);
        return {
          type: 'tool_call',
          id: block.id ?? (protocol === 'anthropic' ? ids.anthropicToolUse() : ids.openaiCall()),
          name: block.name,
          custom,
          argumentsJson,
          argumentsValue: custom ? {} : parseArguments(argumentsJson),
          argumentChunks: splitText(argumentsJson, block.argumentChunks, `content[${index}].arguments`),
          thoughtSignature: block.thoughtSignature,
        };
      }
      default:
        throw new ScriptError(`content[${index}] has an unknown block type`);
    }
  });
  const hasToolCall = blocks.some((block) => block.type === 'tool_call');
  return {
    blocks,
    stop: turn.stop ?? (hasToolCall ? 'tool_calls' : 'end'),
    rawStop: turn.rawStop?.[protocol],
    stopSequence: turn.stopSequence,
    usage: resolveUsage(turn.usage, blocks),
    model: turn.model ?? requestModel,
    source: turn,
  };
}

/**
 * Custom tool calls exist only in OpenAI Responses, and carry text: a script that asks another
 * protocol for one, or gives one object arguments, is a mistake in the test.
 */
function assertCustomCall(args: unknown, protocol: Protocol, where: string): void {
  if (protocol !== 'openai-responses') {
    throw new ScriptError(
      `${where}: a custom tool call exists only in the OpenAI Responses protocol, not ${protocol}`,
    );
  }
  if (typeof args !== 'string') {
    throw new ScriptError(`${where}: a custom tool call's arguments are its raw input text`);
  }
}

/** Cuts `text` into stream pieces; a number cuts every n code points (never inside a surrogate pair). */
export function splitText(text: string, chunking: Chunking | undefined, where: string): string[] {
  if (chunking === undefined) return text === '' ? [] : [text];
  if (typeof chunking === 'number') {
    if (!Number.isInteger(chunking) || chunking < 1)
      throw new ScriptError(`${where}: chunk size must be a positive integer`);
    const codePoints = Array.from(text);
    const pieces: string[] = [];
    for (let i = 0; i < codePoints.length; i += chunking)
      pieces.push(codePoints.slice(i, i + chunking).join(''));
    return pieces;
  }
  if (chunking.join('') !== text) throw new ScriptError(`${where}: the chunks do not join up to the text`);
  return [...chunking];
}

function parseArguments(json: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // A deliberately broken argument stream is a legitimate script (to test repair); keep it as text only.
  }
  return {};
}

function resolveUsage(
  usage: ScriptedUsage | undefined,
  blocks: readonly ResolvedBlock[],
): Required<ScriptedUsage> {
  let visible = 0;
  let reasoning = 0;
  for (const block of blocks) {
    if (block.type === 'text') visible += block.text.length;
    else if (block.type === 'reasoning') reasoning += block.text.length;
    else visible += block.name.length + block.argumentsJson.length;
  }
  return {
    input: usage?.input ?? 12,
    cacheRead: usage?.cacheRead ?? 0,
    cacheWrite: usage?.cacheWrite ?? 0,
    output: usage?.output ?? Math.max(1, Math.ceil(visible / 4)),
    reasoning: usage?.reasoning ?? Math.ceil(reasoning / 4),
  };
}
