import type { SessionEventData } from '@weft/agent-core';
import { type Line, lineText, span } from '../terminal/styled.js';
import { sanitize, truncateToWidth } from '../terminal/width.js';
import { wrapLine, wrapText } from '../terminal/wrap.js';
import { formatDuration } from './format.js';
import { diffLines, diffOf, relativeDiff, summarizeArguments } from './tool-view.js';

/** Rows of live output shown while a tool runs. */
const LIVE_OUTPUT_ROWS = 5;
/** Rows of a finished tool's output kept in the transcript. */
const RESULT_ROWS = 8;
/** Rows of a diff kept in the transcript. */
const DIFF_ROWS = 60;
/** Rows of the header (name and arguments) at most. */
const HEADER_ROWS = 3;
/** Output kept in memory for the live tail. */
const OUTPUT_KEEP = 16_384;

const BODY_FIRST: Line = [span('  └ ', 'dim')];
const BODY_REST: Line = [span('    ')];

/** One tool call: its header and live output while it runs, its result once it ends. */
export class ToolBlock {
  private output = '';
  private end: SessionEventData['tool_call_end'] | undefined;
  private interruptedValue = false;

  constructor(
    readonly toolCallId: string,
    readonly toolName: string,
    readonly args: unknown,
    /** For a subagent's call: the id its parent gave it. */
    readonly agentId?: string,
    /** The working directory: paths inside it are shown relative. */
    private readonly cwd?: string,
  ) {}

  appendOutput(delta: string): void {
    this.output += delta;
    if (this.output.length > OUTPUT_KEEP) this.output = this.output.slice(-OUTPUT_KEEP);
  }

  finish(end: SessionEventData['tool_call_end']): void {
    this.end = end;
  }

  /** The session ended (an abort) before the call reported its end. */
  interrupt(): void {
    this.interruptedValue = true;
  }

  get done(): boolean {
    return this.end !== undefined || this.interruptedValue;
  }

  liveRows(width: number): Line[] {
    const rows = this.header(width, 'running');
    const tail = sanitize(this.output).replace(/\n+$/, '');
    // A subagent's calls stay one line each, also while they run.
    if (tail !== '' && this.agentId === undefined) {
      const wrapped = wrapText(tail, Math.max(1, width - 4), 'dim');
      for (const row of wrapped.slice(-LIVE_OUTPUT_ROWS)) rows.push([span('  │ ', 'dim'), ...row]);
    }
    return rows;
  }

  finalRows(width: number): Line[] {
    const end = this.end;
    if (!end)
      return [...this.header(width, 'interrupted'), ...this.body(width, line('interrupted', 'warning'))];
    const failed = end.result.isError === true || end.blocked !== undefined;
    const rows = this.header(width, failed ? 'failed' : 'ok', end.durationMs);
    if (this.agentId !== undefined) return rows;
    if (end.skipped) {
      const why = end.skipped === 'steering' ? 'skipped: a steering message came first' : 'skipped: aborted';
      return [...rows, ...this.body(width, line(why, 'dim'))];
    }
    if (end.blocked !== undefined)
      return [...rows, ...this.body(width, line(`blocked: ${end.blocked}`, 'warning'))];
    const diff = relativeDiff(diffOf(end.result.details), this.cwd);
    if (diff !== '' && !failed) return [...rows, ...this.limited(diffLines(diff), width, DIFF_ROWS)];
    const text = sanitize(
      end.result.content
        .flatMap((part) => (part.type === 'text' ? [part.text] : [`[image ${part.mediaType}]`]))
        .join(''),
    ).replace(/\n+$/, '');
    if (text.trim() === '') return [...rows, ...this.body(width, line('(no output)', 'dim'))];
    const style = failed ? 'error' : 'dim';
    return [
      ...rows,
      ...this.limited(
        text.split('\n').map((value) => line(value, style)),
        width,
        RESULT_ROWS,
      ),
    ];
  }

  private header(
    width: number,
    status: 'running' | 'ok' | 'failed' | 'interrupted',
    durationMs?: number,
  ): Line[] {
    const mark =
      status === 'running'
        ? span('○ ', 'accent')
        : status === 'ok'
          ? span('● ', 'success')
          : status === 'failed'
            ? span('● ', 'error')
            : span('● ', 'warning');
    const summary = summarizeArguments(this.args, this.cwd);
    const who = this.agentId === undefined ? [] : [span(`${this.agentId} › `, 'dim')];
    const value: Line = [...who, span(this.toolName, 'tool'), span(summary === '' ? '' : `(${summary})`)];
    if (durationMs !== undefined && durationMs >= 100)
      value.push(span(` ${formatDuration(durationMs)}`, 'dim'));
    const rows = wrapLine(value, Math.max(1, width - 2));
    const kept = rows.slice(0, HEADER_ROWS);
    if (rows.length > HEADER_ROWS) {
      const lastIndex = kept.length - 1;
      const last = lineText(kept[lastIndex]!);
      kept[lastIndex] = [span(truncateToWidth(`${last} …`, width - 2))];
    }
    return kept.map((row, index) => [index === 0 ? mark : span('  '), ...row]);
  }

  /** Lines wrapped under the body gutter, cut to `max` rows with a count of the rest. */
  private limited(lines: Line[], width: number, max: number): Line[] {
    const rows: Line[] = [];
    for (const value of lines) rows.push(...wrapLine(value, Math.max(1, width - 4)));
    const shown = rows.length > max ? rows.slice(0, max - 1) : rows;
    const out = shown.map((row, index) => [...(index === 0 ? BODY_FIRST : BODY_REST), ...row]);
    if (rows.length > max) out.push([...BODY_REST, span(`… +${rows.length - shown.length} lines`, 'dim')]);
    return out;
  }

  private body(width: number, value: Line): Line[] {
    return wrapLine(value, Math.max(1, width - 4)).map((row, index) => [
      ...(index === 0 ? BODY_FIRST : BODY_REST),
      ...row,
    ]);
  }
}

function line(text: string, style: Parameters<typeof span>[1]): Line {
  return [span(text, style)];
}
