import type { Turn } from '@weft/agent-core';
import { type Line, span } from '../terminal/styled.js';
import { sanitize, truncateToWidth } from '../terminal/width.js';
import { summarizeArguments } from './tool-view.js';
import type { Transcript } from './transcript.js';

/** Turns shown when a session is resumed; older ones are counted. */
const REPLAY_TURNS = 40;

/**
 * Shows a resumed or forked session's conversation: user messages, answers, and one line per
 * tool call (name, arguments, whether it failed). Reasoning is left out.
 */
export function replayHistory(transcript: Transcript, history: readonly Turn[], cwd?: string): void {
  const start = Math.max(0, history.length - REPLAY_TURNS);
  if (start > 0) transcript.notice(`… ${start} earlier turns`);
  const failed = new Set<string>();
  for (const turn of history) {
    if (turn.type === 'tool_results')
      for (const result of turn.results) if (result.isError) failed.add(result.toolCallId);
  }
  for (const turn of history.slice(start)) {
    switch (turn.type) {
      case 'user': {
        const text = turn.content
          .flatMap((part) => (part.type === 'text' ? [part.text] : ['[image]']))
          .join('\n');
        transcript.gap();
        transcript.user(text);
        break;
      }
      case 'steering':
        if (turn.source === 'host') transcript.user(turn.content, 'steering');
        break;
      case 'assistant': {
        for (const part of turn.message.content) {
          if (part.kind === 'text' && part.text.trim() !== '') {
            transcript.answer(part.text);
          } else if (part.kind === 'tool_call') {
            const call = part.toolCall;
            const mark = failed.has(call.id) ? span('● ', 'error') : span('● ', 'success');
            const summary = summarizeArguments(call.arguments, cwd);
            const value: Line = [mark, span(call.name, 'tool'), span(summary === '' ? '' : `(${summary})`)];
            transcript.lines([value], [], [span('  ')]);
          }
        }
        break;
      }
      case 'summary':
        transcript.notice(`[summary of ${turn.replacedTurns} earlier turns]`);
        break;
      default:
        break;
    }
  }
}

/** A session's first user message, cut to `cells`, for listings. */
export function firstPromptOf(history: readonly Turn[], cells: number): string {
  for (const turn of history) {
    if (turn.type === 'user') {
      const text = turn.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ');
      return truncateToWidth(sanitize(text).replace(/\s+/g, ' ').trim(), cells);
    }
  }
  return '';
}
