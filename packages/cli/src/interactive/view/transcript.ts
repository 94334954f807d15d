import type { SessionEvent } from '@weft/agent-core';
import { type Line, lineText, type StyleName, span } from '../terminal/styled.js';
import { sanitize, textWidth } from '../terminal/width.js';
import { wrapLine } from '../terminal/wrap.js';
import { StreamBlock } from './stream-block.js';
import { ToolBlock } from './tool-block.js';

type Entry =
  | { kind: 'stream'; block: StreamBlock }
  | { kind: 'tool'; block: ToolBlock }
  | { kind: 'lines'; lines: Line[]; first: Line; rest: Line };

const ANSWER_FIRST: Line = [span('● ', 'accent')];
const REASONING_FIRST: Line = [span('∴ ', 'reasoning')];
const USER_FIRST: Line = [span('› ', 'user')];
const INDENT: Line = [span('  ')];

/**
 * What the conversation looks like: entries in order, each printed once it is final (its rows go
 * to the terminal's scrollback) and shown in the live area until then. An entry waits behind an
 * earlier one that is still live, so the order on screen is the order of events.
 */
export class Transcript {
  private readonly entries: Entry[] = [];
  private answerBlock: StreamBlock | undefined;
  private reasoningBlock: StreamBlock | undefined;
  private readonly tools = new Map<string, ToolBlock>();

  /** `cwd`: the working directory, so that paths inside it are shown relative. */
  constructor(private readonly cwd?: string) {}

  /** A message the user sent (or queued and the session took). */
  user(text: string, note?: string): void {
    const lines = sanitize(text)
      .split('\n')
      .map((value): Line => [span(value, 'user')]);
    if (note !== undefined) lines[lines.length - 1]!.push(span(` (${note})`, 'dim'));
    this.push({ kind: 'lines', lines, first: USER_FIRST, rest: INDENT });
  }

  /** A line of information from the interface itself (command output, warnings). */
  notice(text: string, style: StyleName = 'dim', first: Line = INDENT): void {
    const lines = sanitize(text)
      .split('\n')
      .map((value): Line => [span(value, style)]);
    this.push({ kind: 'lines', lines, first, rest: INDENT });
  }

  /** Pre-styled lines (tables, help), each wrapped beside the gutter (a two-cell indent by default). */
  lines(lines: Line[], first: Line = INDENT, rest: Line = INDENT): void {
    this.push({ kind: 'lines', lines, first, rest });
  }

  /** A whole answer at once (a replayed history). */
  answer(text: string): void {
    const lines = sanitize(text)
      .replace(/\s+$/, '')
      .split('\n')
      .map((value): Line => [span(value)]);
    this.push({ kind: 'lines', lines, first: ANSWER_FIRST, rest: INDENT });
  }

  /** A blank line between exchanges. */
  gap(): void {
    this.push({ kind: 'lines', lines: [[]], first: [], rest: [] });
  }

  /** Applies one session event. */
  apply(event: SessionEvent): void {
    if (event.agentId !== undefined) {
      this.applyChild(event);
      return;
    }
    switch (event.kind) {
      case 'assistant_reasoning_start':
        this.reasoningBlock?.finish();
        this.reasoningBlock = this.openStream(REASONING_FIRST, 'reasoning');
        break;
      case 'assistant_reasoning_delta':
        this.reasoningBlock ??= this.openStream(REASONING_FIRST, 'reasoning');
        this.reasoningBlock.append(event.data.delta);
        break;
      case 'assistant_reasoning_end':
        this.reasoningBlock?.finish();
        this.reasoningBlock = undefined;
        break;
      case 'assistant_text_start':
        this.answerBlock?.finish();
        this.answerBlock = undefined;
        break;
      case 'assistant_text_delta':
        this.reasoningBlock?.finish();
        this.reasoningBlock = undefined;
        this.answerBlock ??= this.openStream(ANSWER_FIRST, 'plain');
        this.answerBlock.append(event.data.delta);
        break;
      case 'assistant_text_end':
        this.reasoningBlock?.finish();
        this.reasoningBlock = undefined;
        if (!this.answerBlock && event.data.text.trim() !== '') {
          this.answerBlock = this.openStream(ANSWER_FIRST, 'plain');
          this.answerBlock.append(event.data.text);
        }
        this.answerBlock?.finish();
        this.answerBlock = undefined;
        break;
      case 'tool_call_start': {
        const block = new ToolBlock(
          event.data.toolCallId,
          event.data.toolName,
          event.data.arguments,
          undefined,
          this.cwd,
        );
        this.tools.set(event.data.toolCallId, block);
        this.push({ kind: 'tool', block });
        break;
      }
      case 'tool_call_output_delta':
        this.tools.get(event.data.toolCallId)?.appendOutput(event.data.delta);
        break;
      case 'tool_call_end': {
        let block = this.tools.get(event.data.toolCallId);
        if (!block) {
          block = new ToolBlock(event.data.toolCallId, event.data.toolName, undefined, undefined, this.cwd);
          this.push({ kind: 'tool', block });
        }
        block.finish(event.data);
        this.tools.delete(event.data.toolCallId);
        break;
      }
      default:
        break;
    }
  }

  /** The input ended (or the session closed): whatever is still open is final now. */
  settle(): void {
    this.answerBlock?.finish();
    this.reasoningBlock?.finish();
    this.answerBlock = undefined;
    this.reasoningBlock = undefined;
    for (const block of this.tools.values()) block.interrupt();
    this.tools.clear();
  }

  /** Rows that are final, in order, removed from the transcript: print them once. */
  takeFinalRows(width: number): Line[] {
    const out: Line[] = [];
    while (this.entries.length > 0) {
      const entry = this.entries[0]!;
      if (entry.kind === 'lines') {
        out.push(...linesRows(entry, width));
      } else if (entry.kind === 'stream') {
        out.push(...entry.block.takeFinalRows(width));
        if (!entry.block.done) break;
      } else {
        if (!entry.block.done) break;
        out.push(...entry.block.finalRows(width));
      }
      this.entries.shift();
    }
    return out;
  }

  /** Rows of what is not final yet, for the live area. */
  liveRows(width: number): Line[] {
    const out: Line[] = [];
    for (const entry of this.entries) {
      if (entry.kind === 'stream') out.push(...entry.block.liveRows(width));
      else if (entry.kind === 'tool')
        out.push(...(entry.block.done ? entry.block.finalRows(width) : entry.block.liveRows(width)));
      else out.push(...linesRows(entry, width));
    }
    return out;
  }

  /** Whether something is still being written or run. */
  get busy(): boolean {
    return this.entries.length > 0;
  }

  private applyChild(event: SessionEvent): void {
    // A subagent's work is shown as one line per tool call; its text reaches us through the tool result.
    if (event.kind === 'tool_call_start') {
      const block = new ToolBlock(
        event.data.toolCallId,
        event.data.toolName,
        event.data.arguments,
        event.agentId,
      );
      this.tools.set(`${event.agentId}:${event.data.toolCallId}`, block);
      this.push({ kind: 'tool', block });
    } else if (event.kind === 'tool_call_end') {
      const key = `${event.agentId}:${event.data.toolCallId}`;
      this.tools.get(key)?.finish(event.data);
      this.tools.delete(key);
    }
  }

  private openStream(first: Line, style: StyleName): StreamBlock {
    const block = new StreamBlock(first, INDENT, style);
    this.push({ kind: 'stream', block });
    return block;
  }

  private push(entry: Entry): void {
    this.entries.push(entry);
  }
}

/** Rows of a 'lines' entry: each line wrapped beside the gutter, the first row after `first`. */
function linesRows(entry: Extract<Entry, { kind: 'lines' }>, width: number): Line[] {
  const out: Line[] = [];
  const room = Math.max(
    1,
    width - Math.max(textWidth(lineText(entry.first)), textWidth(lineText(entry.rest))),
  );
  entry.lines.forEach((value, index) => {
    wrapLine(value, room).forEach((row, rowIndex) => {
      out.push([...(index === 0 && rowIndex === 0 ? entry.first : entry.rest), ...row]);
    });
  });
  return out;
}
