import { randomUUID } from 'node:crypto';
import {
  AbortError,
  type Client,
  ContextLengthError,
  getModelInfo,
  Message,
  type ProviderOptions,
  type Request,
  type Response,
  type RetryOptions,
  retry,
  type Usage,
} from '@weft/llm';
import type { SummaryTurn, Turn } from '../history/turn.js';
import type { CompactionConfig } from '../session/session-config.js';
import { CompactionError } from './compaction-error.js';
import type { CompactionLock } from './compaction-lock.js';
import { findCutPoint } from './cut-point.js';
import { estimateTokens } from './estimate-tokens.js';
import { extractFileOperations, type FileOperationTools, mergeFileOperations } from './file-operations.js';
import { estimateHistoryTokens } from './history-tokens.js';
import { effectiveKeepRecentTokens } from './should-compact.js';
import { SUMMARY_SYSTEM_PROMPT, summaryRequestText, summaryUpdateText } from './summary-prompt.js';
import { joinSystemNotes, splitSystemNotes } from './system-notes.js';
import {
  FALLBACK_TRANSCRIPT_LIMITS,
  fitTranscript,
  serializeTurns,
  TRANSCRIPT_LIMITS,
  type TranscriptLimits,
} from './transcript.js';

export interface CompactHistoryOptions {
  /** The session's history. Never changed: the new history is in the result. */
  history: readonly Turn[];
  client: Client;
  /** The @weft/llm provider the summary request goes to (the client's default when absent). */
  provider?: string;
  model: string;
  config: Pick<CompactionConfig, 'reserveTokens' | 'keepRecentTokens'>;
  signal?: AbortSignal;
  /**
   * The summary an earlier compaction made, when the session keeps it outside `history`. A
   * summary turn inside the replaced part of `history` is found without it.
   */
  previousSummary?: SummaryTurn;
  /** What the summary should pay particular attention to (a host's `/compact focus on …`). */
  instructions?: string;
  /** The session's lock: a compaction that finds it held fails with `in_progress`. */
  lock?: CompactionLock;
  /**
   * The model's context window. When known, the keep budget is capped at half of what the window
   * leaves after the reserve, and the transcript sent to the summariser is cut to fit.
   */
  contextWindow?: number;
  /** Tool name → the files its calls read or modified. Default: DEFAULT_FILE_OPERATION_TOOLS. */
  fileOperationTools?: FileOperationTools;
  /** Retries of the summary request (@weft/llm's policy; its defaults when absent). */
  retry?: Omit<RetryOptions, 'signal'>;
  providerOptions?: ProviderOptions;
  /** The summary turn's id (a random UUID by default). */
  summaryTurnId?: string;
  now?: () => Date;
}

export interface CompactionResult {
  summaryTurn: SummaryTurn;
  /** The turns after the cut, unchanged. */
  keptTurns: Turn[];
  /** The history to continue with: the summary turn, then the kept turns. */
  history: Turn[];
  /** Estimated tokens of the history before and after. */
  tokensBefore: number;
  tokensAfter: number;
  /** How many turns the summary replaced (an earlier summary turn included). */
  replacedTurns: number;
  /** The summary request overflowed once and was sent again with tool output cut harder. */
  usedFallback: boolean;
  /** What the summary request cost. */
  usage: Usage;
}

/**
 * Replaces the older part of a history with a summary the model writes (seed 004 §6.2).
 *
 * 1. The cut: about `keepRecentTokens` of the newest history is kept verbatim, cut only at a turn
 *    boundary that keeps every tool call with its results ({@link findCutPoint}).
 * 2. The replaced turns go to the model as a transcript, with one request and no tools, asking
 *    for the sections of SUMMARY_SECTIONS. When an earlier summary is among them, only the turns
 *    after it are sent, with the earlier summary to update.
 * 3. The files the replaced turns' tool calls read and modified (and the earlier summary's) are
 *    carried into the summary turn; system turns are carried verbatim.
 *
 * When the summary request overflows the summariser's own window it is sent once more with
 * tool output cut to a few hundred characters, never more than that. Any failure rejects with
 * {@link CompactionError} and leaves everything as it was: the function never changes its inputs.
 */
export async function compactHistory(options: CompactHistoryOptions): Promise<CompactionResult> {
  // Taken before the first await, so a second compaction started in the same tick sees it held.
  const release = options.lock?.acquire();
  try {
    return await compact(options);
  } finally {
    release?.();
  }
}

async function compact(options: CompactHistoryOptions): Promise<CompactionResult> {
  const { history, signal } = options;
  if (signal?.aborted) throw new CompactionError('aborted', 'The compaction was aborted.');
  const keep = effectiveKeepRecentTokens(options.config, options.contextWindow);
  const cut = findCutPoint(history, keep);
  if (cut === undefined) {
    throw new CompactionError(
      'nothing_to_compact',
      `The history fits in the ${keep}-token keep-recent budget: there is nothing to compact.`,
    );
  }
  const replaced = history.slice(0, cut);
  const keptTurns = history.slice(cut);

  const lastSummaryIndex = replaced.findLastIndex((turn) => turn.type === 'summary');
  const previous =
    lastSummaryIndex >= 0 ? (replaced[lastSummaryIndex] as SummaryTurn) : options.previousSummary;
  const newTurns = replaced.slice(lastSummaryIndex + 1);
  if (!newTurns.some((turn) => turn.type !== 'system')) {
    throw new CompactionError(
      'nothing_to_compact',
      'Only an earlier summary would be replaced: there is nothing to compact.',
    );
  }

  const previousParts = previous ? splitSystemNotes(previous.summary) : { body: '', notes: [] };
  const notes = [
    ...previousParts.notes,
    ...newTurns.flatMap((turn) => (turn.type === 'system' ? [turn.content] : [])),
  ];
  const files = mergeFileOperations(
    { read: previous?.readFiles ?? [], modified: previous?.modifiedFiles ?? [] },
    extractFileOperations(newTurns, options.fileOperationTools),
  );

  const { response, usedFallback } = await summarise(
    options,
    newTurns,
    previous ? previousParts.body : undefined,
  );
  const body = Message.text(response.message).trim();
  if (body === '')
    throw new CompactionError('empty_summary', 'The model answered the summary request with no text.');

  const summaryTurn: SummaryTurn = {
    type: 'summary',
    id: options.summaryTurnId ?? randomUUID(),
    timestamp: (options.now?.() ?? new Date()).toISOString(),
    summary: joinSystemNotes(body, notes),
    replacedTurns: replaced.length,
    firstKeptTurnId: keptTurns[0]?.id,
    readFiles: files.read,
    modifiedFiles: files.modified,
  };
  const next = [summaryTurn, ...keptTurns];
  return {
    summaryTurn,
    keptTurns,
    history: next,
    tokensBefore: estimateHistoryTokens(history),
    tokensAfter: estimateHistoryTokens(next),
    replacedTurns: replaced.length,
    usedFallback,
    usage: response.usage,
  };
}

const ATTEMPTS: readonly TranscriptLimits[] = [TRANSCRIPT_LIMITS, FALLBACK_TRANSCRIPT_LIMITS];

async function summarise(
  options: CompactHistoryOptions,
  turns: readonly Turn[],
  previousBody: string | undefined,
): Promise<{ response: Response; usedFallback: boolean }> {
  const maxTokens = summaryMaxTokens(options);
  for (const [attempt, limits] of ATTEMPTS.entries()) {
    const request = summaryRequest(options, turns, previousBody, limits, maxTokens);
    try {
      const response = await retry(() => options.client.complete(request, { signal: options.signal }), {
        ...options.retry,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { response, usedFallback: attempt > 0 };
    } catch (error) {
      if (error instanceof AbortError || options.signal?.aborted) {
        throw new CompactionError('aborted', 'The compaction was aborted.', { cause: error });
      }
      if (error instanceof ContextLengthError && attempt < ATTEMPTS.length - 1) continue;
      const reason = error instanceof Error ? error.message : String(error);
      throw new CompactionError('summary_failed', `The summary request failed: ${reason}`, { cause: error });
    }
  }
  // ATTEMPTS is not empty, and its last attempt returns or throws.
  throw new Error('unreachable');
}

function summaryRequest(
  options: CompactHistoryOptions,
  turns: readonly Turn[],
  previousBody: string | undefined,
  limits: TranscriptLimits,
  maxTokens: number,
): Request {
  const ask = (transcript: string): string =>
    previousBody === undefined
      ? summaryRequestText(transcript, options.instructions)
      : summaryUpdateText(previousBody, transcript, options.instructions);
  let transcript = serializeTurns(turns, limits);
  if (options.contextWindow !== undefined) {
    const overhead = estimateTokens(SUMMARY_SYSTEM_PROMPT) + estimateTokens(ask(''));
    transcript = fitTranscript(transcript, Math.max(0, options.contextWindow - maxTokens - overhead));
  }
  return {
    model: options.model,
    ...(options.provider !== undefined ? { provider: options.provider } : {}),
    messages: [Message.system(SUMMARY_SYSTEM_PROMPT), Message.user(ask(transcript))],
    maxTokens,
    ...(options.providerOptions !== undefined ? { providerOptions: options.providerOptions } : {}),
  };
}

/** 80 % of the reserve (what the reserve is for), within the model's output limit when known. */
function summaryMaxTokens(options: CompactHistoryOptions): number {
  const fromReserve = Math.max(1, Math.floor(options.config.reserveTokens * 0.8));
  const modelLimit = getModelInfo(options.model)?.maxOutput;
  return modelLimit === undefined ? fromReserve : Math.min(fromReserve, modelLimit);
}
