import {
  DEFAULT_TOOL_CHAR_LIMITS,
  DEFAULT_TOOL_LINE_LIMITS,
  DEFAULT_TOOL_TRUNCATION_MODES,
  FALLBACK_TOOL_CHAR_LIMIT,
  FALLBACK_TOOL_TRUNCATION_MODE,
} from './tool-output-limits.js';
import { type TruncationMode, truncateChars } from './truncate-chars.js';
import { truncateLines } from './truncate-lines.js';

/** Per-tool overrides, keyed by tool name; a tool not named keeps its default. */
export interface ToolOutputTruncationOptions {
  /** Character limits (`SessionConfig.toolOutputLimits`). */
  charLimits?: Readonly<Record<string, number>>;
  /** Line limits (`SessionConfig.toolLineLimits`). `Infinity` turns a default line limit off. */
  lineLimits?: Readonly<Record<string, number>>;
  modes?: Readonly<Record<string, TruncationMode>>;
}

/** The text the model sees and what was done to it. */
export interface ToolOutputTruncation {
  text: string;
  truncated: boolean;
  mode: TruncationMode;
  maxChars: number;
  /** The line limit applied, or null when the tool has none. */
  maxLines: number | null;
  /** Characters (code points) in the original output. */
  totalChars: number;
  /** Characters the character pass removed. */
  removedChars: number;
  /** Lines the line pass saw (the character pass's output, markers included). */
  linesBeforeLinePass: number;
  /** Lines the line pass removed. */
  omittedLines: number;
}

function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Lines as the line pass counts them: one more than the newlines. */
function splitLineCount(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

/**
 * Truncates a tool's output for the model (loop spec §5.3): first by characters, which bounds the
 * size whatever the shape (two 10 MB lines included), then by lines for readability. The full
 * output is not touched; hosts keep it in the tool-call events.
 */
export function truncateToolOutput(
  text: string,
  toolName: string,
  options: ToolOutputTruncationOptions = {},
): ToolOutputTruncation {
  const maxChars =
    own(options.charLimits, toolName) ?? own(DEFAULT_TOOL_CHAR_LIMITS, toolName) ?? FALLBACK_TOOL_CHAR_LIMIT;
  const mode =
    own(options.modes, toolName) ??
    own(DEFAULT_TOOL_TRUNCATION_MODES, toolName) ??
    FALLBACK_TOOL_TRUNCATION_MODE;
  const lineLimit = own(options.lineLimits, toolName) ?? own(DEFAULT_TOOL_LINE_LIMITS, toolName);
  const maxLines = lineLimit === undefined || lineLimit === Number.POSITIVE_INFINITY ? null : lineLimit;

  const chars = truncateChars(text, maxChars, mode);
  const lines =
    maxLines === null
      ? { text: chars.text, truncated: false, totalLines: splitLineCount(chars.text), omittedLines: 0 }
      : truncateLines(chars.text, maxLines);
  return {
    text: lines.text,
    truncated: chars.truncated || lines.truncated,
    mode,
    maxChars,
    maxLines,
    totalChars: chars.totalChars,
    removedChars: chars.removedChars,
    linesBeforeLinePass: lines.totalLines,
    omittedLines: lines.omittedLines,
  };
}
