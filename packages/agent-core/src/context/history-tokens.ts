import type { ContentPart } from '@weft/llm';
import type { Turn } from '../history/turn.js';
import type { ToolContent } from '../tools/tool.js';
import { estimateTokens, IMAGE_TOKENS } from './estimate-tokens.js';
import { summaryTurnText } from './summary-text.js';

// Turns are never changed once appended, so each is estimated once: with a long history the
// per-request cost is one map lookup per turn rather than a scan of every character.
const cache = new WeakMap<Turn, number>();

/** Tokens one turn adds to a request: its text, reasoning, tool calls and results, images. */
export function estimateTurnTokens(turn: Turn): number {
  const cached = cache.get(turn);
  if (cached !== undefined) return cached;
  const tokens = countTurn(turn);
  cache.set(turn, tokens);
  return tokens;
}

/** Tokens the turns add to a request, by {@link estimateTokens}'s rule. [] is 0. */
export function estimateHistoryTokens(turns: readonly Turn[]): number {
  let total = 0;
  for (const turn of turns) total += estimateTurnTokens(turn);
  return total;
}

export interface ContextUsage {
  /** Estimated tokens: the history plus `fixedTokens`. */
  tokens: number;
  /** `tokens / contextWindow`: 0.8 is 80 % of the window. */
  fraction: number;
}

export interface ContextUsageOptions {
  /**
   * Tokens every request carries besides the history (system prompt, tool definitions); 0 by
   * default, so the figure is the loop spec's "characters in history / 4".
   */
  fixedTokens?: number;
}

/** How full the context window is. Throws RangeError for a window that is not a positive number. */
export function contextUsage(
  turns: readonly Turn[],
  contextWindow: number,
  options: ContextUsageOptions = {},
): ContextUsage {
  if (!(contextWindow > 0))
    throw new RangeError(`contextWindow must be a positive number of tokens, got ${contextWindow}`);
  const tokens = estimateHistoryTokens(turns) + (options.fixedTokens ?? 0);
  return { tokens, fraction: tokens / contextWindow };
}

/** The loop spec §5.5 warning text for a usage at or above the warning threshold. */
export function contextWarningMessage(usage: ContextUsage): string {
  return `Context usage is at about ${Math.round(usage.fraction * 100)}% of the context window (~${usage.tokens} tokens).`;
}

function countTurn(turn: Turn): number {
  switch (turn.type) {
    case 'user':
      return countToolContent(turn.content);
    case 'assistant':
      return turn.message.content.reduce((sum, part) => sum + countPart(part), 0);
    case 'tool_results':
      return turn.results.reduce((sum, result) => sum + countToolContent(result.content), 0);
    case 'system':
    case 'steering':
      return estimateTokens(turn.content);
    case 'summary':
      return estimateTokens(summaryTurnText(turn));
  }
}

function countToolContent(content: readonly ToolContent[]): number {
  let tokens = 0;
  for (const part of content) tokens += part.type === 'text' ? estimateTokens(part.text) : IMAGE_TOKENS;
  return tokens;
}

function countPart(part: ContentPart): number {
  switch (part.kind) {
    case 'text':
      return estimateTokens(part.text);
    case 'thinking':
      // Signatures are opaque tokens the provider checks, not text the model reads again.
      return estimateTokens(part.thinking.text);
    case 'redacted_thinking':
      // Opaque provider data: nothing the model reads as text.
      return 0;
    case 'tool_call': {
      const call = part.toolCall;
      const args =
        call.rawArguments ??
        (typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments));
      return estimateTokens(call.name) + estimateTokens(args);
    }
    case 'tool_result': {
      const content = part.toolResult.content;
      return estimateTokens(typeof content === 'string' ? content : JSON.stringify(content));
    }
    case 'image':
    case 'audio':
    case 'document':
      return IMAGE_TOKENS;
  }
}
