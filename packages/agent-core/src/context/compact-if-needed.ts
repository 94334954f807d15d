import { ContextLengthError } from '@weft/llm';
import type { CompactionConfig } from '../session/session-config.js';
import { type CompactHistoryOptions, type CompactionResult, compactHistory } from './compact-history.js';
import { shouldCompact } from './should-compact.js';

export interface CompactIfNeededOptions extends CompactHistoryOptions {
  config: CompactionConfig;
  contextWindow: number;
  /** Tokens every request carries besides the history (system prompt, tool definitions). */
  fixedTokens?: number;
}

/**
 * The automatic path: compacts when {@link shouldCompact} says so, and otherwise resolves
 * `undefined` without a model call (the history is the caller's, unchanged).
 */
export async function compactIfNeeded(
  options: CompactIfNeededOptions,
): Promise<CompactionResult | undefined> {
  const fixed = options.fixedTokens === undefined ? {} : { fixedTokens: options.fixedTokens };
  if (!shouldCompact(options.history, options.contextWindow, options.config, fixed)) return undefined;
  return compactHistory(options);
}

/**
 * Whether a failed model call means "the request does not fit": only @weft/llm's
 * ContextLengthError (each provider's overflow wording, and 413). A rate limit, an overloaded
 * server or an invalid thinking block never does, so none of them may start a compaction
 * (pi bugs #1038 and 7a896fd, seed 004 §J.9 4.3 and 5.3).
 */
export function isContextOverflow(error: unknown): boolean {
  return error instanceof ContextLengthError;
}
