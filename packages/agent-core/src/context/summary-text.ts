import { Message } from '@weft/llm';
import type { SummaryTurn } from '../history/turn.js';

/**
 * How a summary turn reads to the model: a short preface saying the earlier conversation was
 * compacted, the summary, then the files it had read and changed (paths one per line, so the
 * model can reopen them). The session sends this as a user message where the summary turn stands.
 */
export function summaryTurnText(turn: Pick<SummaryTurn, 'summary' | 'readFiles' | 'modifiedFiles'>): string {
  const parts = [
    'The earlier part of this conversation was compacted to free context. This summary stands in for it:',
    `<summary>\n${turn.summary}\n</summary>`,
  ];
  if (turn.readFiles.length > 0) parts.push(`<read-files>\n${turn.readFiles.join('\n')}\n</read-files>`);
  if (turn.modifiedFiles.length > 0) {
    parts.push(`<modified-files>\n${turn.modifiedFiles.join('\n')}\n</modified-files>`);
  }
  return parts.join('\n\n');
}

/** The summary turn as the user message a request carries. */
export function summaryTurnMessage(
  turn: Pick<SummaryTurn, 'summary' | 'readFiles' | 'modifiedFiles'>,
): Message {
  return Message.user(summaryTurnText(turn));
}
