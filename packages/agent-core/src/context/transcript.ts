import type { ContentPart } from '@weft/llm';
import type { Turn } from '../history/turn.js';
import type { ToolContent } from '../tools/tool.js';
import { countChars, sliceHeadChars, sliceTailChars } from '../truncation/index.js';
import { estimateTokens } from './estimate-tokens.js';

/**
 * How much of each part the summariser sees. Tool output is the bulk of a coding session and
 * rarely matters word for word once acted on; what the agent said and decided is kept whole.
 */
export interface TranscriptLimits {
  /** Characters of each tool result (head and tail kept). */
  toolResultChars: number;
  /** Characters of each tool call's arguments (a write_file's content, for example). */
  toolArgumentChars: number;
  /** Characters of each reasoning block; 0 leaves reasoning out. */
  reasoningChars: number;
}

export const TRANSCRIPT_LIMITS: Readonly<TranscriptLimits> = Object.freeze({
  toolResultChars: 2_000,
  toolArgumentChars: 1_000,
  reasoningChars: 2_000,
});

/** The tighter limits of the second attempt, after the summary request itself overflowed. */
export const FALLBACK_TRANSCRIPT_LIMITS: Readonly<TranscriptLimits> = Object.freeze({
  toolResultChars: 200,
  toolArgumentChars: 200,
  reasoningChars: 0,
});

/**
 * The turns as a plain-text transcript for the summariser. A transcript rather than replayed
 * messages: the summariser must read the conversation, not continue it, and plain text needs no
 * tool definitions and no provider's history rules. System turns are left out (they are carried
 * verbatim) and so are summary turns (the previous summary is sent on its own).
 */
export function serializeTurns(turns: readonly Turn[], limits: TranscriptLimits = TRANSCRIPT_LIMITS): string {
  const lines: string[] = [];
  for (const turn of turns) {
    switch (turn.type) {
      case 'user':
        lines.push(`[User]: ${toolContentText(turn.content)}`);
        break;
      case 'steering':
        lines.push(
          turn.source === 'host' ? `[User, mid-task]: ${turn.content}` : `[Loop detector]: ${turn.content}`,
        );
        break;
      case 'assistant':
        for (const part of turn.message.content) {
          const line = assistantLine(part, limits);
          if (line !== undefined) lines.push(line);
        }
        break;
      case 'tool_results':
        for (const result of turn.results) {
          const label = result.isError ? 'Tool error' : 'Tool result';
          lines.push(
            `[${label}: ${result.toolName}]: ${cut(toolContentText(result.content), limits.toolResultChars)}`,
          );
        }
        break;
      case 'system':
      case 'summary':
        break;
    }
  }
  return lines.join('\n\n');
}

/** `text` within `maxTokens` by {@link estimateTokens}, its middle cut out when it is longer. */
export function fitTranscript(text: string, maxTokens: number): string {
  const tokens = estimateTokens(text);
  if (tokens <= maxTokens) return text;
  const keepChars = Math.max(0, Math.floor((countChars(text) * maxTokens) / tokens) - 100);
  return cut(text, keepChars);
}

function assistantLine(part: ContentPart, limits: TranscriptLimits): string | undefined {
  switch (part.kind) {
    case 'text':
      return part.text.trim() === '' ? undefined : `[Assistant]: ${part.text}`;
    case 'thinking':
      if (limits.reasoningChars === 0 || part.thinking.text.trim() === '') return undefined;
      return `[Assistant reasoning]: ${cut(part.thinking.text, limits.reasoningChars)}`;
    case 'tool_call': {
      const args =
        typeof part.toolCall.arguments === 'string'
          ? part.toolCall.arguments
          : JSON.stringify(part.toolCall.arguments);
      return `[Assistant tool call]: ${part.toolCall.name} ${cut(args, limits.toolArgumentChars)}`;
    }
    case 'image':
      return '[Assistant]: [image]';
    default:
      return undefined;
  }
}

function toolContentText(content: readonly ToolContent[]): string {
  return content.map((part) => (part.type === 'text' ? part.text : '[image]')).join('\n');
}

/** Head and tail of `text` within `maxChars` code points, with a note of what was left out. */
function cut(text: string, maxChars: number): string {
  const total = countChars(text);
  if (total <= maxChars) return text;
  const head = Math.ceil(maxChars / 2);
  const tail = maxChars - head;
  return `${sliceHeadChars(text, head)}\n[... ${total - maxChars} characters omitted ...]\n${sliceTailChars(text, tail)}`;
}
