import { type Line, span } from '../terminal/styled.js';
import { textWidth, truncateToWidth } from '../terminal/width.js';
import { formatCost, formatPercent, formatTokens } from './format.js';

export interface StatusInfo {
  provider: string;
  model: string;
  /** undefined: the provider's default. */
  effort: string | undefined;
  /** Tokens of every model call of the session (input and output). */
  tokens: number;
  /** How full the context window was at the last model call (0–1), when known. */
  contextFraction: number | undefined;
  costUsd: number | undefined;
}

/**
 * The status line: model, effort, tokens used, context fill and cost, separated by dots. It fits
 * `width`: when the full form is too wide the labels shorten, the provider goes, and last of all
 * the line is cut.
 */
export function statusLine(info: StatusInfo, width: number): Line {
  const effort = info.effort ?? 'default';
  const context = info.contextFraction === undefined ? '–' : formatPercent(info.contextFraction);
  const tokens = formatTokens(info.tokens);
  const cost = formatCost(info.costUsd);
  const variants: string[][] = [
    [`${info.provider}/${info.model}`, `effort ${effort}`, `${tokens} tokens`, `context ${context}`, cost],
    [info.model, `effort ${effort}`, `${tokens} tokens`, `context ${context}`, cost],
    [info.model, effort, `${tokens} tok`, `ctx ${context}`, cost],
    [info.model, `${tokens} tok`, `ctx ${context}`, cost],
  ];
  for (const parts of variants) {
    const text = parts.join(' · ');
    if (textWidth(text) <= width) return [span(text, 'status')];
  }
  return [span(truncateToWidth(variants.at(-1)!.join(' · '), width), 'status')];
}
