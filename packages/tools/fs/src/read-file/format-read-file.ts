import { formatSize, type ToolContent } from '@weft/agent-core';
import { shellQuote } from '../shared/shell-quote.js';
import type { ReadFileResult, ReadTextResult } from './read-file.js';

export interface ReadFileFormatOptions {
  /** The shell tool's name, used in the hint for a line too long to show. Default 'shell'. */
  shellToolName?: string;
}

/** One numbered line as the loop spec shows it: the number right-aligned, " | ", the text. */
export function numberLine(lineNumber: number, text: string, width: number): string {
  return `${String(lineNumber).padStart(width)} | ${text}`;
}

/**
 * What the model sees after a read, in the loop spec's format: each line as `NNN | text`
 * (numbers right-aligned to the widest shown), then, after a blank line, a bracketed hint when
 * more of the file is left, in pi's wording. An image is a short text part and the image part.
 */
export function formatReadFile(result: ReadFileResult, options: ReadFileFormatOptions = {}): ToolContent[] {
  if (result.kind === 'image') {
    return [
      { type: 'text', text: `Read image file [${result.mediaType}]` },
      { type: 'image', data: result.data, mediaType: result.mediaType },
    ];
  }
  return [{ type: 'text', text: formatReadText(result, options) }];
}

function formatReadText(result: ReadTextResult, options: ReadFileFormatOptions): string {
  const hint = continuationHint(result, options);
  if (result.lines.length === 0) return hint ?? '(empty file)';
  const width = String(result.endLine).length;
  const body = result.lines
    .map((line, index) => numberLine(result.startLine + index, line, width))
    .join('\n');
  return hint ? `${body}\n\n${hint}` : body;
}

/** pi's continuation hints, so the model knows the output is partial and how to go on. */
export function continuationHint(
  result: ReadTextResult,
  options: ReadFileFormatOptions = {},
): string | undefined {
  const { startLine, endLine, totalLines, maxBytes } = result;
  const next = endLine + 1;
  if (result.oversizedLine) {
    const { line, bytes } = result.oversizedLine;
    const shell = options.shellToolName ?? 'shell';
    return `[Line ${line} is ${formatSize(bytes)}, exceeds ${formatSize(maxBytes)} limit. Use ${shell}: sed -n '${line}p' ${shellQuote(result.path)} | head -c ${maxBytes}]`;
  }
  switch (result.stoppedBy) {
    case 'lines':
      return `[Showing lines ${startLine}-${endLine} of ${totalLines}. Use offset=${next} to continue.]`;
    case 'bytes':
      return `[Showing lines ${startLine}-${endLine} of ${totalLines} (${formatSize(maxBytes)} limit). Use offset=${next} to continue.]`;
    case 'limit':
      return `[${totalLines - endLine} more lines in file. Use offset=${next} to continue.]`;
    default:
      return undefined;
  }
}
